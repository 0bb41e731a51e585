import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TourReservationRow } from '@nine/shared/schemas/tours/reservations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import type { TourBooking } from './booking-context.tsx';
import { ReservationList } from './reservation-list.tsx';

setUpTranslatedSuite();
beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => {
  setDisplayTimeZone(null);
  vi.unstubAllGlobals();
});

const row: TourReservationRow = {
  order_id: 40,
  number: 1040,
  status: 'confirmed',
  customer: { id: 8, name: 'Ann Lee', phone: '+34 600 111 222', email: null },
  event: {
    id: 5,
    starts_at: '2030-06-04T09:00:00.000Z',
    ends_at: '2030-06-04T11:00:00.000Z',
    status: 'scheduled',
    definition_id: 2,
    definition_name: 'Sunset Kayak',
    group_color: 'teal',
  },
  seats: 4,
  seats_by_age_group: [
    { age_group_id: 1, name: 'Adult', quantity: 3 },
    { age_group_id: 2, name: 'Child', quantity: 1 },
  ],
  participants: 3,
  signed: 2,
  checked_in: 0,
  total_minor: 18000,
  paid_minor: 5000,
  balance_minor: 13000,
  is_private: false,
  created_at: '2030-05-01T10:00:00.000Z',
};

const booking: TourBooking = {
  locationId: 1,
  currencySymbol: '$',
  CustomerPicker: () => null,
  reservationHref: (id) => `/tours/reservations/${id}`,
  manifestHref: (id) => `/tours/reservation-list?event=${id}`,
};

function open(path: string) {
  const calls = stubApi({
    'GET nine/tours/reservations': () =>
      jsonResponse(200, { data: { rows: [row], total: 1, total_capped: false, page: 1, page_size: 25 } }),
    'GET nine/tours/definitions': () =>
      jsonResponse(200, {
        data: { rows: [{ id: 2, name: 'Sunset Kayak', group: null }], total: 1, page: 1, page_size: 200 },
      }),
  });
  const view = renderAtPath(
    path,
    <ReservationList
      variant="new"
      booking={booking}
      canChange={false}
      scan={null}
      manifestPrintHref={(id) => `/tours/events/${id}/manifest/print`}
    />,
  );
  const listCalls = () => calls.filter((c) => c.path.startsWith('nine/tours/reservations'));
  return { ...view, listCalls };
}

describe('the reservation list', { timeout: 20_000 }, () => {
  it('shows each reservation with its seats, waivers and balance due', async () => {
    open('/tours/reservation-list');
    const table = await screen.findByRole('table', { name: 'Tour reservations' });
    await within(table).findByRole('link', { name: '1040' });
    const cells = within(within(table).getAllByRole('row')[1]!);
    expect(cells.getByRole('link', { name: '1040' }).getAttribute('href')).toBe('/tours/reservations/40');
    expect(cells.getByText('3 × Adult, 1 × Child')).toBeTruthy();
    expect(cells.getByText('2 unsigned')).toBeTruthy();
    expect(cells.getByText('Due $130.00')).toBeTruthy();
    expect(cells.getByText('Confirmed')).toBeTruthy();
  });

  it('keeps its filters in the URL and sends them to the server', async () => {
    const { location, listCalls } = open('/tours/reservation-list?status=open');
    await screen.findByRole('table', { name: 'Tour reservations' });
    expect(listCalls()[0]!.path).toBe(
      'nine/tours/reservations?page=1&page_size=25&sort=created_at&sort_type=desc&status=open',
    );

    fireEvent.change(screen.getByLabelText('Balance'), { target: { value: 'due' } });
    fireEvent.change(screen.getByLabelText('Waivers'), { target: { value: 'incomplete' } });
    fireEvent.change(screen.getByLabelText('Departures from'), { target: { value: '2030-06-01' } });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'Lee' } });
    fireEvent.submit(search.closest('form')!);

    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        '/tours/reservation-list?search=Lee&from=2030-06-01&status=open&balance=due&signed=incomplete',
      ),
    );
    await waitFor(() =>
      expect(listCalls().at(-1)!.path).toBe(
        'nine/tours/reservations?page=1&page_size=25&sort=created_at&sort_type=desc&search=Lee&from=2030-06-01&status=open&balance=due&signed=incomplete',
      ),
    );

    // A tour narrows the list to its departures.
    const tour = screen.getByLabelText('Tour');
    await within(tour).findByRole('option', { name: 'Sunset Kayak' });
    fireEvent.change(tour, { target: { value: '2' } });
    await waitFor(() => expect(location.history.at(-1)).toContain('tour=2'));
    await waitFor(() => expect(listCalls().at(-1)!.path).toContain('definition_id=2'));

    // The tour's name narrows the list to its departure: the manifest of that event.
    fireEvent.click(
      screen.getByRole('button', { name: 'Show the manifest of Sunset Kayak on 06/04/2030, 9:00 AM' }),
    );
    await waitFor(() => expect(location.history.at(-1)).toContain('event=5'));
  });
});
