import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { MoveDialog, type MoveDialogProps } from './move-dialog.tsx';
import { movePrice } from './move-price.ts';
import { reservationFixture } from './testing/reservation-fixtures.ts';

setUpTranslatedSuite();

const eventRow = (id: number, startsAt: string, seatsTaken = 2, privateOrderId: number | null = null) => ({
  id,
  definition_id: 3,
  definition_name: 'Lake kayak',
  group_id: null,
  group_name: null,
  group_color: null,
  series_id: null,
  detached: false,
  starts_at: startsAt,
  ends_at: startsAt.replace('T12', 'T15'),
  status: 'scheduled',
  capacity: 12,
  min_participants: 1,
  seats_taken: seatsTaken,
  leaders: 1,
  leader_names: [],
  leaders_needed: 1,
  private_order_id: privateOrderId,
  version: 1,
});

const pricing = {
  prices: [
    { age_group_id: 1, price_minor: 6000 },
    { age_group_id: 2, price_minor: 3000 },
  ],
  seasons: [
    {
      id: 1,
      name: 'July',
      first_day: '2031-07-01',
      last_day: '2031-07-31',
      prices: [
        { age_group_id: 1, price_minor: 7000 },
        { age_group_id: 2, price_minor: 3500 },
      ],
    },
  ],
};

const EVENTS = [
  eventRow(7, '2031-06-10T12:00:00.000Z'),
  eventRow(8, '2031-06-17T12:00:00.000Z'),
  eventRow(9, '2031-07-05T12:00:00.000Z', 11),
];

/** The departures listed (the whole list unless `total` says more), the tour's prices and the move's answer. */
function stub(moveAnswer: (() => Response) | null, rows = EVENTS, total = rows.length) {
  return stubApi({
    'GET nine/tours/events': () =>
      jsonResponse(200, { data: { rows, total, page: 1, page_size: 200, total_capped: false } }),
    'GET nine/tours/definitions/3': () => jsonResponse(200, { data: { id: 3, ...pricing } }),
    ...(moveAnswer !== null ? { 'POST nine/tours/reservations/41/move': moveAnswer } : {}),
  });
}

/** The dialog open on reservation 41, at location 1, in euros. */
function renderMove(props: Partial<MoveDialogProps> = {}) {
  renderWithProviders(
    <MoveDialog
      open
      onClose={() => {}}
      locationId={1}
      reservation={reservationFixture()}
      currencySymbol="€"
      {...props}
    />,
  );
}

/** The departure select, once departure `id` is listed. */
async function departures(id: number) {
  const select = await screen.findByLabelText(/New departure/);
  await waitFor(() => expect(select.querySelectorAll(`option[value="${id}"]`)).toHaveLength(1));
  return select;
}

describe('moving a reservation', () => {
  it('prices the seats on the new day and shows the difference before confirming', () => {
    const reservation = reservationFixture();
    expect(movePrice(reservation, pricing, '2031-06-17')).toEqual({
      current_minor: 15000,
      next_minor: 15000,
      difference_minor: 0,
    });
    expect(movePrice(reservation, pricing, '2031-07-05')).toEqual({
      current_minor: 15000,
      next_minor: 17500,
      difference_minor: 2500,
    });
    expect(movePrice(reservationFixture({}, { is_private: true }), pricing, '2031-07-05')).toBeNull();
  });

  it('offers the other departures, estimates what the move costs, and shows what the server settled', async () => {
    const headers: (string | null)[] = [];
    const calls = stub(() =>
      jsonResponse(200, {
        data: {
          order_id: 41,
          event_id: 8,
          version: 4,
          total_minor: 18500,
          price_difference_minor: 2600,
          invoice_id: 30,
          refunded_minor: 0,
        },
      }),
    );
    recordKeys(headers);
    const moved: unknown[] = [];
    renderMove({
      onMoved: (answer) => moved.push(answer),
      invoiceHref: (id) => `/invoices/${id}`,
      newKey: () => 'key-1',
    });
    const select = await departures(9);
    // The departure it is on is not offered.
    expect(select.querySelectorAll('option[value="7"]')).toHaveLength(0);
    fireEvent.change(select, { target: { value: '9' } });
    expect(
      await screen.findByText('About €25.00 more for the customer: it is billed on the order.'),
    ).toBeTruthy();
    expect(screen.getByText('Booked: €150.00. On the new day: €175.00.')).toBeTruthy();
    expect(screen.getByText(/An estimate of the seats only/)).toBeTruthy();
    // One seat free of the three held.
    expect(screen.getByText(/fewer free seats than the reservation holds/)).toBeTruthy();
    fireEvent.change(select, { target: { value: '8' } });
    expect(await screen.findByText('The price does not change.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    // The server's figures, not the estimate: the order's total changed by €26.00 with taxes.
    expect(await screen.findByText('The reservation is moved.')).toBeTruthy();
    expect(screen.getByText('The new total is €26.00 higher: it is due on the order.')).toBeTruthy();
    expect(screen.getByText('Order total now: €185.00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the invoice' }).getAttribute('href')).toBe('/invoices/30');
    expect(moved).toHaveLength(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ event_id: 8, version: 3 });
    expect(headers).toEqual(['key-1']);
    // The departures were asked once while choosing, for this tour (the move then refreshes them).
    const before = calls.slice(
      0,
      calls.findIndex((call) => call.method === 'POST'),
    );
    const lists = before.filter((call) => call.path.startsWith('nine/tours/events?'));
    expect(lists).toHaveLength(1);
    expect(lists[0]!.path).toContain('definition_id=3');
  });

  it('asks for an approver when the refund needs one, and retries with the same key and the register', async () => {
    const headers: (string | null)[] = [];
    const answers = [
      jsonResponse(403, { resp_code: 1206, resp_message: 'An access key is required.' }),
      jsonResponse(200, {
        data: {
          order_id: 41,
          event_id: 8,
          version: 4,
          total_minor: 14000,
          price_difference_minor: -1000,
          invoice_id: null,
          refunded_minor: 1000,
        },
      }),
    ];
    const calls = stub(() => answers.shift()!);
    recordKeys(headers);
    let keys = 0;
    renderMove({ cashRegisterId: 2, newKey: () => `key-${++keys}` });
    const select = await departures(8);
    fireEvent.change(select, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    const key = await screen.findByLabelText(/Approver's access key/);
    expect(screen.getByText('An access key is required.')).toBeTruthy();
    fireEvent.change(key, { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Refunded: €10.00.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { event_id: 8, version: 3, cash_register_id: 2 },
      { event_id: 8, version: 3, access_key: '4321', cash_register_id: 2 },
    ]);
    expect(headers).toEqual(['key-1', 'key-1']);
  });

  it('says why the server would not move it, in words', async () => {
    stub(() =>
      jsonResponse(422, {
        resp_code: 1780,
        resp_message: 'The reservation cannot be moved.',
        data: { reason: 'private' },
      }),
    );
    renderMove();
    const select = await departures(8);
    fireEvent.change(select, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText(/A private booking, or a departure kept for another private group/),
    ).toBeTruthy();
  });

  it('hands a full departure to the unavailable-items modal and a conflict to the page', async () => {
    const data = { 1207: [{ product_category: 'Lake kayak', product_sku: 'TOUR-LK', seats_free: 1 }] };
    const answers = [
      jsonResponse(422, { resp_code: 1207, resp_message: 'Some items are not available.', data }),
      jsonResponse(409, { resp_code: 1021, resp_message: 'Changed meanwhile.' }),
    ];
    stub(() => answers.shift()!);
    const unavailable: unknown[] = [];
    let conflicts = 0;
    renderMove({ onUnavailable: (answer) => unavailable.push(answer), onConflict: () => (conflicts += 1) });
    const select = await departures(9);
    fireEvent.change(select, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(
      await screen.findByText('The departure no longer has enough free seats for this reservation.'),
    ).toBeTruthy();
    expect(unavailable).toEqual([data]);
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(conflicts).toBe(1));
  });

  it("leaves out departures private to another reservation, keeping this one's own", async () => {
    stub(null, [
      eventRow(8, '2031-06-17T12:00:00.000Z', 2, 41),
      eventRow(9, '2031-06-24T12:00:00.000Z', 2, 99),
      eventRow(10, '2031-07-01T12:00:00.000Z'),
    ]);
    renderMove();
    const select = await departures(10);
    expect(select.querySelectorAll('option[value="8"]')).toHaveLength(1);
    expect(select.querySelectorAll('option[value="9"]')).toHaveLength(0);
  });

  it('says when the list is cut short and reaches later departures by start day', async () => {
    const calls = stub(
      null,
      [eventRow(7, '2031-06-10T12:00:00.000Z'), eventRow(8, '2031-06-17T12:00:00.000Z')],
      250,
    );
    renderMove();
    expect(await screen.findByText(/Only the first 2 departures are listed/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Departures from'), { target: { value: '2099-01-05' } });
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.path.startsWith('nine/tours/events?') &&
            new URLSearchParams(call.path.split('?')[1]).get('from')?.startsWith('2099-01-0'),
        ),
      ).toBe(true),
    );
  });
});

/** Records each POST's Idempotency-Key, stubbed so the suite's restore puts the fake API back. */
function recordKeys(headers: (string | null)[]) {
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (request: Request) => {
    if (request.method === 'POST') headers.push(request.headers.get('idempotency-key'));
    return answer(request);
  });
}
