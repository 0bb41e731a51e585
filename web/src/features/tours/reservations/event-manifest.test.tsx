import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDEMPOTENCY_HEADER } from '@nine/shared/constants';
import type { TourWaitlistRow } from '@nine/shared/schemas/tours/reservation-changes';
import type { TourManifest, TourManifestRow } from '@nine/shared/schemas/tours/reservations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { jsonResponse, stubApi, type ApiAnswer, type ApiCall } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { EventManifest, type ManifestScan } from './event-manifest.tsx';
import { ManifestPrint } from './manifest-print.tsx';

setUpTranslatedSuite();
beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => {
  setDisplayTimeZone(null);
  vi.unstubAllGlobals();
});

const person = (over: Partial<TourManifestRow>): TourManifestRow => ({
  participant_id: 11,
  order_id: 40,
  order_number: 1040,
  customer_name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  age_group_id: 1,
  age_group_name: 'Adult',
  is_organiser: true,
  birth_date: null,
  phone: null,
  signed: true,
  waiver_id: 3,
  checked_in_at: null,
  checkin_code: 'ANNLEE0001',
  emergency_name: 'Max Lee',
  emergency_phone: '+34 600 000 000',
  answers_summary: null,
  ...over,
});

const ann = person({});
const bo = person({
  participant_id: 12,
  first_name: 'Bo',
  last_name: 'Lee',
  age_group_id: 2,
  age_group_name: 'Child',
  is_organiser: false,
  signed: false,
  waiver_id: null,
  checked_in_at: '2030-06-04T08:40:00.000Z',
  checkin_code: 'BOLEE00002',
  emergency_name: null,
  emergency_phone: null,
  answers_summary: 'Shoe size: 38',
});

const manifest: TourManifest = {
  event: {
    id: 5,
    definition_id: 2,
    definition_name: 'Sunset Kayak',
    definition_code: 'SUNSET',
    group_color: 'teal',
    starts_at: '2030-06-04T09:00:00.000Z',
    ends_at: '2030-06-04T11:00:00.000Z',
    status: 'confirmed',
    capacity: 12,
    seats_taken: 3,
    meeting_point: { id: 1, name: 'Harbor gate', address: 'Pier 4', instructions: null },
    leader_names: ['Tom Guide'],
    time_zone: 'UTC',
  },
  participants: [ann, bo],
  unnamed: [
    {
      order_id: 40,
      order_number: 1040,
      customer_name: 'Ann Lee',
      age_group_id: 1,
      age_group_name: 'Adult',
      seats: 1,
    },
  ],
  totals: { seats: 3, named: 2, signed: 1, checked_in: 1 },
};

const waiting: TourWaitlistRow = {
  id: 31,
  event_id: 5,
  customer_id: 9,
  customer_name: 'Cy Park',
  customer_email: null,
  customer_phone: '+34 600 333 444',
  seats: [{ age_group_id: 1, age_group_name: 'Adult', quantity: 2 }],
  seat_count: 2,
  status: 'waiting',
  note: null,
  offered_at: null,
  offer_expires_at: null,
  order_id: null,
  created_at: '2030-05-20T10:00:00.000Z',
  version: 1,
};
const offered: TourWaitlistRow = {
  ...waiting,
  id: 32,
  customer_id: 10,
  customer_name: 'Di Ross',
  customer_phone: null,
  status: 'offered',
  offered_at: '2030-06-01T10:00:00.000Z',
  offer_expires_at: '2030-06-02T10:00:00.000Z',
  version: 2,
};

const manifestOf = (scan: ManifestScan | null) => (
  <EventManifest
    locationId={1}
    eventId={5}
    canChange
    scan={scan}
    printHref="/tours/events/5/manifest/print"
    reservationHref={(id) => `/tours/reservations/${id}`}
  />
);

function open(
  answers: Record<string, ApiAnswer>,
  scan: ManifestScan | null = null,
  waitlist: TourWaitlistRow[] = [],
) {
  const calls = stubApi({
    'GET nine/tours/events/5/manifest': () => jsonResponse(200, { data: manifest }),
    'GET nine/tours/events/5/waitlist': () => jsonResponse(200, { data: { rows: waitlist, seats_free: 9 } }),
    ...answers,
  });
  const view = renderWithProviders(manifestOf(scan));
  return { calls, ...view };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

describe('the event manifest', { timeout: 20_000 }, () => {
  it('shows the event, everyone on it and the seats without names', async () => {
    open({});
    const table = await screen.findByRole('table', { name: 'Participants' });
    expect(screen.getByText('Harbor gate, Pier 4')).toBeTruthy();
    expect(screen.getByText('3 seats · 2 named · 1 signed · 1 checked in')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Ann Lee');
    expect(rows[1]!.textContent).toContain('Max Lee · +34 600 000 000');
    expect(rows[2]!.textContent).toContain('Not signed');
    expect(rows[2]!.textContent).toContain('In at 8:40 AM');
    expect(rows[2]!.textContent).toContain('Shoe size: 38');
    expect(screen.getByRole('table', { name: '1 seat without a name' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Print manifest' }).getAttribute('href')).toBe(
      '/tours/events/5/manifest/print',
    );
  });

  it('checks a participant in with a tap, and undoes another', async () => {
    const { calls, toasts } = open({
      'POST nine/tours/participants/11/check-in': () =>
        jsonResponse(200, { data: { ...ann, checked_in_at: '2030-06-04T08:45:00.000Z' } }),
      'POST nine/tours/participants/12/check-in': () =>
        jsonResponse(200, { data: { ...bo, checked_in_at: null } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Check in Ann Lee' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', title: 'Ann Lee checked in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo the check-in of Bo Lee' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', title: 'Check-in of Bo Lee undone' }),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: 'nine/tours/participants/11/check-in', body: { undo: false } },
      { method: 'POST', path: 'nine/tours/participants/12/check-in', body: { undo: true } },
    ]);
    // Each check-in refreshes the manifest.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'nine/tours/events/5/manifest').length).toBeGreaterThanOrEqual(3),
    );
  });

  it('checks in a typed or scanned code and says why one is refused', async () => {
    let answer = 0;
    const { calls, toasts } = open({
      'POST nine/tours/events/5/check-in': () =>
        answer++ === 0
          ? jsonResponse(200, { data: { ...ann, checked_in_at: '2030-06-04T08:45:00.000Z' } })
          : jsonResponse(409, { resp_code: 1774, resp_message: 'This participant is already checked in.' }),
    });
    const field = await screen.findByLabelText('Participant code');
    fireEvent.change(field, { target: { value: 'annlee0001' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', title: 'Ann Lee checked in' }));
    fireEvent.change(field, { target: { value: 'ANNLEE0001' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'error',
        title: 'Check-in refused',
        message: 'This participant is already checked in.',
      }),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { code: 'annlee0001' },
      { code: 'ANNLEE0001' },
    ]);
  });

  it('checks in what the page scanner reads, and names an unknown code', async () => {
    const { toasts, calls, rerender } = open({
      'POST nine/tours/events/5/check-in': () =>
        jsonResponse(404, { resp_code: 1004, resp_message: 'Not found' }),
    });
    await screen.findByRole('table', { name: 'Participants' });
    rerender(manifestOf({ code: 'ZZZZZZZZZZ', seq: 1 }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'error',
        title: 'Check-in refused',
        message: 'No participant of this departure has the code ZZZZZZZZZZ.',
      }),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'ZZZZZZZZZZ' });
  });

  it('does not check in again the scan it was mounted with, only newer ones', async () => {
    // The page keeps its last scan: coming back to the manifest (a remount) must not post it again.
    const { calls, rerender, toasts } = open(
      {
        'POST nine/tours/events/5/check-in': () =>
          jsonResponse(200, { data: { ...ann, checked_in_at: '2030-06-04T08:45:00.000Z' } }),
      },
      { code: 'ANNLEE0001', seq: 3 },
    );
    await screen.findByRole('table', { name: 'Participants' });
    rerender(manifestOf({ code: 'ANNLEE0001', seq: 3 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts(calls)).toEqual([]);
    rerender(manifestOf({ code: 'ANNLEE0001', seq: 4 }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', title: 'Ann Lee checked in' }));
    expect(posts(calls).map((c) => c.body)).toEqual([{ code: 'ANNLEE0001' }]);
  });

  it('says every scan of a quick run, not only the last', async () => {
    const { toasts, rerender } = open({
      'POST nine/tours/events/5/check-in': async (body) => {
        const code = (body as { code: string }).code;
        // The first answer comes last: each scan still gets its own message.
        if (code === 'ANNLEE0001') await new Promise((resolve) => setTimeout(resolve, 60));
        return code === 'ANNLEE0001'
          ? jsonResponse(200, { data: { ...ann, checked_in_at: '2030-06-04T08:45:00.000Z' } })
          : jsonResponse(200, { data: { ...bo, checked_in_at: '2030-06-04T08:46:00.000Z' } });
      },
    });
    await screen.findByRole('table', { name: 'Participants' });
    rerender(manifestOf({ code: 'ANNLEE0001', seq: 1 }));
    rerender(manifestOf({ code: 'BOLEE00002', seq: 2 }));
    await waitFor(() => {
      expect(toasts).toContainEqual({ type: 'success', title: 'Ann Lee checked in' });
      expect(toasts).toContainEqual({ type: 'success', title: 'Bo Lee checked in' });
    });
  });

  it('shows the waitlist with its open offers, and offers, books and removes entries', async () => {
    const { calls, toasts } = open(
      {
        'POST nine/tours/waitlist/31/offer': () =>
          jsonResponse(200, {
            data: { ...waiting, status: 'offered', offer_expires_at: '2030-06-03T09:30:00.000Z', version: 2 },
          }),
        'POST nine/tours/waitlist/32/book': () =>
          jsonResponse(201, {
            data: { entry: { ...offered, status: 'booked', order_id: 77 }, order_id: 77 },
          }),
        'DELETE nine/tours/waitlist/31': () => jsonResponse(200, { data: { ...waiting, status: 'removed' } }),
      },
      null,
      [waiting, offered, { ...offered, id: 33, customer_name: 'Ed Fox', status: 'booked', order_id: 70 }],
    );
    await screen.findByText('9 seats free on this departure.');
    const table = screen.getByRole('table', { name: 'Waitlist of the departure' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('Cy Park');
    expect(rows[1]!.textContent).toContain('2 × Adult');
    expect(rows[1]!.textContent).toContain('Waiting');
    expect(rows[2]!.textContent).toContain('Until 06/02/2030, 10:00 AM');
    expect(within(rows[3]!).getByRole('link', { name: 'Open the reservation' }).getAttribute('href')).toBe(
      '/tours/reservations/70',
    );
    // Only a waiting entry is offered; a booked one has no actions.
    expect(within(rows[2]!).queryByRole('button', { name: 'Offer the free seats to Di Ross' })).toBeNull();
    expect(within(rows[3]!).queryAllByRole('button')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Offer the free seats to Cy Park' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'success',
        title: 'Seats offered to Cy Park until 06/03/2030, 9:30 AM',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Book the seats of Di Ross' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', title: 'Reservation made for Di Ross' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cy Park from the waitlist' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from the waitlist?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', title: 'Cy Park removed from the waitlist' }),
    );
    expect(posts(calls)).toEqual([
      { method: 'POST', path: 'nine/tours/waitlist/31/offer', body: { version: 1 } },
      { method: 'POST', path: 'nine/tours/waitlist/32/book', body: { version: 2 } },
      { method: 'DELETE', path: 'nine/tours/waitlist/31', body: undefined },
    ]);
  });

  it('books a waitlist entry once: a retry after a network failure keeps its key, a refusal makes a new one', async () => {
    let answer = 0;
    const keys: (string | null)[] = [];
    const { toasts } = open(
      {
        'POST nine/tours/waitlist/31/book': () => {
          answer += 1;
          if (answer === 1) throw new TypeError('Failed to fetch');
          if (answer === 2)
            return jsonResponse(422, { resp_code: 1781, resp_message: 'The waitlist offer has expired.' });
          return jsonResponse(201, {
            data: { entry: { ...waiting, status: 'booked', order_id: 78 }, order_id: 78 },
          });
        },
      },
      null,
      [waiting],
    );
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (request: Request) => {
      if (request.method === 'POST') keys.push(request.headers.get(IDEMPOTENCY_HEADER));
      return stubbed(request);
    });
    const bookButton = await screen.findByRole('button', { name: 'Book the seats of Cy Park' });
    fireEvent.click(bookButton);
    await waitFor(() => expect(toasts.filter((toast) => toast.type === 'error')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Book the seats of Cy Park' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        type: 'error',
        title: 'The waitlist was not changed',
        message: 'The waitlist offer has expired.',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Book the seats of Cy Park' }));
    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', title: 'Reservation made for Cy Park' }),
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
  it('prints everyone with a column to tick or sign, and a blank line per seat without a name', async () => {
    stubApi({ 'GET nine/tours/events/5/manifest': () => jsonResponse(200, { data: manifest }) });
    renderWithProviders(
      <ManifestPrint
        locationId={1}
        locationName="Harbor shop"
        eventId={5}
        backHref="/tours/reservation-list?event=5"
      />,
    );
    const table = await screen.findByRole('table', { name: 'Participants of the departure' });
    expect(screen.getByText('Manifest: Sunset Kayak, 06/04/2030, 9:00 AM')).toBeTruthy();
    expect(screen.getByText('Harbor gate · Leaders: Tom Guide')).toBeTruthy();
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getByText('Check-in / signature')).toBeTruthy();
    expect(rows.slice(1).map((row) => row.querySelector('td:nth-child(2)')!.textContent)).toEqual([
      'Ann LeeOrganiser',
      'Bo LeeShoe size: 38',
      '(name not given yet)',
    ]);
    expect(rows[2]!.textContent).toContain('8:40 AM');
  });
});
