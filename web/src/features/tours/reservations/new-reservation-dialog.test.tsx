import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDEMPOTENCY_HEADER } from '@nine/shared/constants';
import type { TourEventDetail } from '@nine/shared/schemas/tours/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { jsonResponse, stubApi, type ApiAnswer } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { CustomerPickerProps, TourBooking } from './booking-context.tsx';
import { eventDetailFixture } from '../events/testing/event-fixtures.ts';
import { NewReservationDialog } from './new-reservation-dialog.tsx';

setUpTranslatedSuite();
beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => {
  setDisplayTimeZone(null);
  vi.unstubAllGlobals();
});

const event = eventDetailFixture({ seats_taken: 10, meeting_point: null });

// Only what booking reads of the definition: its prices (a summer season) and the private price.
const definition = {
  id: 2,
  prices: [
    { age_group_id: 1, price_minor: 4500 },
    { age_group_id: 2, price_minor: 2500 },
  ],
  seasons: [
    {
      id: 1,
      name: 'Summer',
      first_day: '2030-06-01',
      last_day: '2030-08-31',
      prices: [
        { age_group_id: 1, price_minor: 5000 },
        { age_group_id: 2, price_minor: 3000 },
      ],
    },
  ],
  private_price_minor: 40000,
};

const group = (id: number, name: string, sort_order: number, active = true, guardian_required = false) => ({
  id,
  name,
  min_age: 0,
  max_age: null,
  price_rule: 'base',
  price_value: 0,
  guardian_required,
  sort_order,
  active,
  in_use: true,
  version: 1,
});
const ageGroups = {
  rows: [group(2, 'Child', 2, true, true), group(1, 'Adult', 1), group(3, 'Senior', 3, false)],
};

function Picker({ value, onChange, errorText }: CustomerPickerProps) {
  return (
    <>
      <button type="button" onClick={() => onChange({ id: 8, name: 'Ann Lee' })}>
        {value === null ? 'Pick Ann' : `Customer: ${value.name}`}
      </button>
      {errorText !== undefined && <p>{errorText}</p>}
    </>
  );
}

const booking: TourBooking = {
  locationId: 1,
  currencySymbol: '$',
  CustomerPicker: Picker,
  reservationHref: (id) => `/tours/reservations/${id}`,
  manifestHref: (id) => `/tours/reservation-list?event=${id}`,
};

function open(answers: Record<string, ApiAnswer>, shown: TourEventDetail = event) {
  const calls = stubApi({
    'GET nine/tours/events/5': () => jsonResponse(200, { data: shown }),
    'GET nine/tours/definitions/2': () => jsonResponse(200, { data: definition }),
    'GET nine/tours/age-groups': () => jsonResponse(200, { data: ageGroups }),
    ...answers,
  });
  // The Idempotency-Key of every POST, in order.
  const keys: (string | null)[] = [];
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', (request: Request) => {
    if (request.method === 'POST') keys.push(request.headers.get(IDEMPOTENCY_HEADER));
    return stubbed(request);
  });
  const onClose = vi.fn();
  const dialogOf = (isOpen: boolean) => (
    <NewReservationDialog open={isOpen} eventId={5} booking={booking} onClose={onClose} />
  );
  const view = renderWithProviders(dialogOf(true));
  return { calls, keys, onClose, dialogOf, ...view };
}

async function fillSeats(adults: number, children: number) {
  const dialog = await screen.findByRole('dialog', { name: 'New reservation' });
  fireEvent.change(await within(dialog).findByLabelText('Seats for Adult'), {
    target: { value: String(adults) },
  });
  fireEvent.change(within(dialog).getByLabelText('Seats for Child'), { target: { value: String(children) } });
  return dialog;
}

describe('the new reservation dialog', { timeout: 20_000 }, () => {
  it('prices the seats of the active age groups for the event day and books them', async () => {
    const { calls, keys, onClose } = open(
      { 'POST nine/tours/reservations': () => jsonResponse(201, { data: { id: 99 } }) },
      { ...event, seats_taken: 0 },
    );
    const dialog = await fillSeats(3, 1);
    expect(within(dialog).getByText('Sunset Kayak, 06/04/2030, 9:00 AM: 12 of 12 seats free')).toBeTruthy();
    // The summer season's prices; the inactive group is not offered.
    expect(within(dialog).getByText('$50.00')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Seats for Senior')).toBeNull();
    expect(within(dialog).getByText('4 seats, total $180.00')).toBeTruthy();
    expect(within(dialog).getByText('A guardian signs for them')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Private group' }));
    await within(dialog).findByText('4 seats, private group price $400.00');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pick Ann' }));
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Late arrival' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: 'nine/tours/reservations',
        body: {
          event_id: 5,
          seats: [
            { age_group_id: 1, quantity: 3 },
            { age_group_id: 2, quantity: 1 },
          ],
          customer_id: 8,
          private: true,
          note: 'Late arrival',
          source: 'back_end',
        },
      },
    ]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.location.pathname).toBe('/tours/reservations/99');
  });

  it('asks for seats and a customer before sending anything', async () => {
    const { calls } = open({});
    const dialog = await screen.findByRole('dialog', { name: 'New reservation' });
    await within(dialog).findByLabelText('Seats for Adult');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    await within(dialog).findByText('Book at least one seat.');
    expect(within(dialog).getByText('Choose the customer, or enter a new one.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers the waitlist with the same seats and customer when the event is full', async () => {
    const { calls, keys, toasts, onClose } = open({
      'POST nine/tours/reservations': () =>
        jsonResponse(422, {
          resp_code: 1207,
          resp_message: 'Some items are not available.',
          data: { 1207: [{ product_category: 'Sunset Kayak', product_sku: 'TOUR-SUNSET', seats_free: 2 }] },
        }),
      'POST nine/tours/events/5/waitlist': () => jsonResponse(201, { data: { id: 3 } }),
    });
    const dialog = await fillSeats(2, 1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pick Ann' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    const offer = await within(dialog).findByText(/This departure has no room for these seats/);
    fireEvent.click(
      within(offer.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Add to the waitlist',
      }),
    );
    await waitFor(() => expect(toasts).toContainEqual({ type: 'success', title: 'Added to the waitlist' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST').map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: 'nine/tours/reservations',
        body: {
          event_id: 5,
          seats: [
            { age_group_id: 1, quantity: 2 },
            { age_group_id: 2, quantity: 1 },
          ],
          customer_id: 8,
          private: false,
          source: 'back_end',
        },
      },
      {
        path: 'nine/tours/events/5/waitlist',
        body: {
          customer_id: 8,
          seats: [
            { age_group_id: 1, quantity: 2 },
            { age_group_id: 2, quantity: 1 },
          ],
        },
      },
    ]);
    expect(keys[0]).not.toBeNull();
  });
  it('offers no private group once others have booked the departure', async () => {
    open({});
    const dialog = await fillSeats(1, 0);
    const box = within(dialog).getByRole('checkbox', { name: 'Private group' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(
      within(dialog).getByText('Others have booked this departure already, so it cannot be a private group.'),
    ).toBeTruthy();
  });

  it('offers no waitlist when only equipment is short', async () => {
    open({
      'POST nine/tours/reservations': () =>
        jsonResponse(422, {
          resp_code: 1207,
          resp_message: 'Some items are not available.',
          data: { 1207: [{ product_category: 'Kayaks', product_sku: 'KAYAK-2', available: 0 }] },
        }),
    });
    const dialog = await fillSeats(2, 0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pick Ann' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Book' })).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('button', { name: 'Add to the waitlist' })).toBeNull();
  });

  it('keeps the key for a retry the server may have seen, and makes a new one after a refusal or on reopening', async () => {
    let answer = 0;
    const { keys, rerender, dialogOf } = open({
      'POST nine/tours/reservations': () => {
        answer += 1;
        if (answer === 1) throw new TypeError('Failed to fetch');
        if (answer === 2) return jsonResponse(409, { resp_code: 1022, resp_message: 'Still in progress.' });
        if (answer === 3) return jsonResponse(503, { resp_code: 1000, resp_message: 'Unavailable.' });
        return jsonResponse(422, { resp_code: 1770, resp_message: 'Booking closed for this departure.' });
      },
    });
    const dialog = await fillSeats(1, 0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pick Ann' }));
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
      await waitFor(() => expect(keys).toHaveLength(attempt));
      await waitFor(() =>
        expect((within(dialog).getByRole('button', { name: 'Book' }) as HTMLButtonElement).disabled).toBe(
          false,
        ),
      );
    }
    // Network failure, 409 in flight and 5xx: the same request again; the 422 refusal: a new one after it.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).toBe(keys[0]);
    expect(keys[4]).not.toBe(keys[0]);

    rerender(dialogOf(false));
    rerender(dialogOf(true));
    const again = await fillSeats(1, 0);
    fireEvent.click(within(again).getByRole('button', { name: 'Pick Ann' }));
    fireEvent.click(within(again).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(keys).toHaveLength(6));
    expect(keys[5]).not.toBe(keys[4]);
  });

  it('books a departure picked by tour when opened without one, with a new customer', async () => {
    const other = {
      ...event,
      id: 6,
      starts_at: '2030-06-05T09:00:00.000Z',
      ends_at: '2030-06-05T11:00:00.000Z',
    };
    const calls = stubApi({
      'GET nine/tours/definitions': () =>
        jsonResponse(200, {
          data: { rows: [{ id: 2, name: 'Sunset Kayak', group: null }], total: 1, page: 1, page_size: 200 },
        }),
      // A cancelled departure and one already started are not offered; the page is capped (250 of them).
      'GET nine/tours/events': () =>
        jsonResponse(200, {
          data: {
            rows: [
              event,
              other,
              { ...other, id: 7, status: 'cancelled' },
              { ...other, id: 8, starts_at: '2020-06-05T09:00:00.000Z' },
              { ...other, id: 9, status: 'completed' },
            ],
            total: 250,
            page: 1,
            page_size: 200,
          },
        }),
      'GET nine/tours/events/6': () => jsonResponse(200, { data: other }),
      'GET nine/tours/definitions/2': () => jsonResponse(200, { data: definition }),
      'GET nine/tours/age-groups': () => jsonResponse(200, { data: ageGroups }),
      'POST nine/tours/reservations': () => jsonResponse(201, { data: { id: 100 } }),
    });
    renderWithProviders(<NewReservationDialog open booking={booking} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'New reservation' });
    const tour = within(dialog).getByLabelText('Tour');
    await within(tour).findByRole('option', { name: 'Sunset Kayak' });
    fireEvent.change(tour, { target: { value: '2' } });
    const departure = within(dialog).getByLabelText(/Departure/);
    await within(departure).findByRole('option', { name: 'Sunset Kayak, 06/05/2030, 9:00 AM (2 free)' });
    expect(
      within(departure)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', '5', '6']);
    await waitFor(() =>
      expect(calls.filter((c) => c.path.startsWith('nine/tours/events?')).at(-1)!.path).toContain(
        'definition_id=2',
      ),
    );
    // The tour's year ahead, and the list says it is cut short.
    const query = new URLSearchParams(
      calls
        .filter((c) => c.path.startsWith('nine/tours/events?'))
        .at(-1)!
        .path.split('?')[1],
    );
    const days = (Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000;
    expect(days).toBe(366);
    expect(
      within(dialog).getByText("Only this tour's departures until 06/05/2030, 9:00 AM are listed."),
    ).toBeTruthy();
    fireEvent.change(departure, { target: { value: '6' } });
    fireEvent.change(await within(dialog).findByLabelText('Seats for Adult'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'New customer (not on file yet)' }));
    fireEvent.change(await within(dialog).findByLabelText(/First name/), { target: { value: 'Eva' } });
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'eva@nine.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(window.location.pathname).toBe('/tours/reservations/100'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      event_id: 6,
      seats: [{ age_group_id: 1, quantity: 2 }],
      customer: { first_name: 'Eva', last_name: '', email: 'eva@nine.test', phone: null },
      private: false,
      source: 'back_end',
    });
  });
});
