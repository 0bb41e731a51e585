import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  participantFixture,
  participantsFixture,
  reservationFixture,
} from '../features/tours/reservation/testing/reservation-fixtures.ts';
import { invoiceFixture } from '../features/invoices/testing/invoice-fixtures.ts';
import { jsonResponse, requestsTo, stubFetch } from '../testing/fake-api.ts';
import { routeFor } from './route-at.ts';
import { findRoute, pathWith } from './route-table.ts';
import { goTo, renderAppAt, setUpAppTests, signedInRoutes, signIn } from './testing/app-harness.tsx';

setUpAppTests();

/** Reservation 41 as its page reads it: the order detail's fields the page shows, none of them set. */
const pageReservation = (tour: Parameters<typeof reservationFixture>[1] = {}) =>
  reservationFixture(
    {
      created_at: '2031-05-01T10:00:00.000Z',
      staff_note: null,
      customer_note: null,
      timeline: [],
      items: [],
      deposit_minor: 0,
      deposit_in_custody: false,
    } as never,
    tour,
  );

/** The order's invoices, one page. */
const invoicesAnswer = (rows: unknown[]) =>
  jsonResponse(200, { data: { rows, total: rows.length, page: 1, page_size: 100, total_capped: false } });

/** Signs in as `email` and opens reservation 41's page. */
async function openReservationAs(email: string) {
  renderAppAt('/nine/auth/login');
  await signIn(email);
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  goTo('/nine/tours/reservations/41');
  expect(await screen.findByRole('heading', { level: 1, name: 'Reservation #1041' })).toBeTruthy();
}

describe('the reservation routes', () => {
  it('take a numeric id only, need a tour right, and follow the tour product line', () => {
    expect(findRoute('tourReservation')).toMatchObject({
      path: '/tours/reservations/:id',
      resources: ['tour'],
      layout: 'dashboard',
      feature: 'tour',
    });
    expect(findRoute('tourReservationPrint')).toMatchObject({ layout: 'bare', feature: 'tour' });
    expect(routeFor('/tours/reservations/41')?.name).toBe('tourReservation');
    expect(routeFor('/tours/reservations/41/print')?.name).toBe('tourReservationPrint');
    expect(routeFor('/tours/reservations/abc')?.name).toBe('not-found');
    expect(pathWith('tourReservationPrint', { id: 41 })).toBe('/tours/reservations/41/print');
  });

  it('shows the reservation: departure, seats, participants with their signatures, share link, notes and timeline', async () => {
    const signed = participantFixture({
      waiver: {
        id: 55,
        signed_at: '2031-05-02T10:00:00.000Z',
        signer_name: 'Ann Lee',
        signer_role: 'self',
        term_version_id: 9,
        term_version_number: 2,
        current: true,
      },
    });
    const reservation = pageReservation();
    const requests = stubFetch({
      ...signedInRoutes(
        { id: 1, name: 'Cleo Clerk', email: 'clerk@nine.test' },
        [{ id: 1, name: 'Harbor' }],
        [{ resource: 'tour', action: 'change' }],
      ),
      'GET /api/nine/tours/reservations/41': () => jsonResponse(200, { data: reservation }),
      'PATCH /api/nine/rent-orders/41/notes': () =>
        jsonResponse(200, { data: { ...reservation, version: 4, staff_note: 'Vegetarian lunch' } }),
      'GET /api/nine/tours/orders/41/participants': () =>
        jsonResponse(200, { data: participantsFixture([signed]) }),
    });
    await openReservationAs('clerk@nine.test');
    const departure = screen.getByRole('region', { name: 'Departure' });
    expect(within(departure).getByText('Lake kayak (KAYAK)')).toBeTruthy();
    expect(within(departure).getByText('5 of 12 taken')).toBeTruthy();
    expect(screen.getByText('3 seats: $150.00')).toBeTruthy();
    expect(await screen.findByText('1 of 3 seats named')).toBeTruthy();
    expect(screen.getByText('1 of 1 signed')).toBeTruthy();
    // The signature cell: signed, by whom and when.
    const signer = screen.getByText(/^Ann Lee, /);
    const row = signer.closest('tr')!;
    expect(within(row).getByText('Signed')).toBeTruthy();
    expect(signer.textContent).toContain('2031');
    expect(
      screen.getByText('No link yet. Make one so the group can add themselves, sign and pay.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print confirmation' }).getAttribute('href')).toBe(
      '/nine/tours/reservations/41/print',
    );
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notes' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Timeline' })).toBeTruthy();
    // A tour clerk keeps the notes through the order's route, which takes the tour right for a tour order.
    expect(
      within(screen.getByRole('region', { name: 'Notes' })).getByRole('button', { name: 'Save notes' }),
    ).toBeTruthy();

    // Notes saved through the order's route: the reservation reads its detail (and version) again.
    const details = () => requestsTo(requests, 'GET', '/api/nine/tours/reservations/41').length;
    const before = details();
    const notes = screen.getByRole('region', { name: 'Notes' });
    fireEvent.change(within(notes).getByLabelText(/Staff note/), { target: { value: 'Vegetarian lunch' } });
    fireEvent.click(within(notes).getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(details()).toBe(before + 1));
    const patch = requestsTo(requests, 'PATCH', '/api/nine/rent-orders/41/notes')[0]!;
    expect(await patch.json()).toEqual({ version: 3, staff_note: 'Vegetarian lunch' });
  }, 30_000);

  it("keeps a private booking on its departure and lists the order's invoices for who may see them", async () => {
    const reservation = pageReservation({ is_private: true });
    const invoice = invoiceFixture({ id: 30, number: 7001, order_id: 41 });
    const requests = stubFetch({
      ...signedInRoutes(
        { id: 1, name: 'Cleo Clerk', email: 'clerk@nine.test' },
        [{ id: 1, name: 'Harbor' }],
        [
          { resource: 'tour', action: 'change' },
          { resource: 'sell_order', action: 'view' },
        ],
      ),
      'GET /api/nine/tours/reservations/41': () => jsonResponse(200, { data: reservation }),
      'GET /api/nine/tours/orders/41/participants': () =>
        jsonResponse(200, { data: participantsFixture([]) }),
      // The rents list of this order (order_id): what the server answers is shown as is.
      'GET /api/nine/invoices/rents': () => invoicesAnswer([invoice]),
    });
    await openReservationAs('clerk@nine.test');
    expect(screen.getByRole('button', { name: 'Cancel reservation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByRole('link', { name: 'Open invoice #7001' })).toBeTruthy();
    const search = new URL(requestsTo(requests, 'GET', '/api/nine/invoices/rents')[0]!.url).searchParams;
    expect(search.get('order_id')).toBe('41');
    expect(search.get('search')).toBeNull();
  }, 30_000);

  it("lists the order's invoices to tour-only staff, the numbers as text (the invoice screen is not theirs)", async () => {
    const reservation = pageReservation();
    const requests = stubFetch({
      ...signedInRoutes(
        { id: 1, name: 'Gus Guide', email: 'guide@nine.test' },
        [{ id: 1, name: 'Harbor' }],
        [
          { resource: 'tour', action: 'view' },
          { resource: 'tour', action: 'change' },
        ],
      ),
      'GET /api/nine/tours/reservations/41': () => jsonResponse(200, { data: reservation }),
      'GET /api/nine/tours/orders/41/participants': () =>
        jsonResponse(200, { data: participantsFixture([]) }),
      'GET /api/nine/invoices/rents': () =>
        invoicesAnswer([invoiceFixture({ id: 30, number: 7001, order_id: 41 })]),
    });
    await openReservationAs('guide@nine.test');
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(await within(invoices).findByText('#7001')).toBeTruthy();
    expect(within(invoices).queryByRole('link', { name: 'Open invoice #7001' })).toBeNull();
    const search = new URL(requestsTo(requests, 'GET', '/api/nine/invoices/rents')[0]!.url).searchParams;
    expect(search.get('order_id')).toBe('41');
  }, 30_000);
});
