import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { reservationFixture } from './testing/reservation-fixtures.ts';

setUpTranslatedSuite();

const preview = {
  order_id: 41,
  version: 3,
  hours_before: 30,
  tier: { hours_before: 48, fee_bp: 5000 },
  fee_bp: 5000,
  fee_from: 'tier',
  min_fee_bp: 0,
  seat_total_minor: 15000,
  fee_minor: 7500,
  paid_minor: 15000,
  refund_minor: 7500,
  no_show: false,
};

const cancelled = {
  order_id: 41,
  status: 'cancelled',
  version: 4,
  fee_bp: 5000,
  fee_minor: 7500,
  fee_invoice_id: 12,
  credit_note_ids: [11],
  refund_ids: [5],
  refunded_minor: 7500,
  offered_waitlist_ids: [],
};

/** Records each POST's Idempotency-Key, stubbed so the suite's restore puts the fake API back. */
function recordKeys(headers: (string | null)[]) {
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (request: Request) => {
    if (request.method === 'POST') headers.push(request.headers.get('idempotency-key'));
    return answer(request);
  });
}

function open(props: Partial<Parameters<typeof CancelDialog>[0]> = {}) {
  let keys = 0;
  return renderWithProviders(
    <CancelDialog
      open
      onClose={() => {}}
      locationId={1}
      reservation={reservationFixture()}
      currencySymbol="€"
      canWaive={false}
      newKey={() => `key-${++keys}`}
      {...props}
    />,
  );
}

describe('cancelling a reservation', () => {
  it('shows the fee tier and the refund before sending, then cancels with an Idempotency-Key', async () => {
    const headers: (string | null)[] = [];
    const calls = stubApi({
      'GET nine/tours/reservations/41/cancellation-preview': () => jsonResponse(200, { data: preview }),
      'POST nine/tours/reservations/41/cancel': () => jsonResponse(200, { data: cancelled }),
    });
    recordKeys(headers);
    open({ invoiceHref: (id) => `/invoices/${id}` });
    expect(await screen.findByText('30 hours before the start: 50 % fee = €75.00.')).toBeTruthy();
    expect(screen.getByText('Refund €75.00 to the original payments.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Sick' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByText('The reservation is cancelled.')).toBeTruthy();
    expect(screen.getByText('Refunded: €75.00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the fee invoice' }).getAttribute('href')).toBe(
      '/invoices/12',
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ version: 3, waive_fee: false, reason: 'Sick' });
    expect(headers).toEqual(['key-1']);
    // Read once: the cancel's refresh does not ask for a preview of what it cancelled.
    expect(calls.filter((call) => call.path.endsWith('/cancellation-preview'))).toHaveLength(1);
  });

  it('asks for an approver when the refund needs one, and retries with the same key', async () => {
    const headers: (string | null)[] = [];
    const answers = [
      jsonResponse(403, { resp_code: 1206, resp_message: 'An access key is required.' }),
      jsonResponse(200, { data: cancelled }),
    ];
    const calls = stubApi({
      'GET nine/tours/reservations/41/cancellation-preview': () => jsonResponse(200, { data: preview }),
      'POST nine/tours/reservations/41/cancel': () => answers.shift()!,
    });
    recordKeys(headers);
    open();
    await screen.findByText('Refund €75.00 to the original payments.');
    expect(screen.queryByLabelText(/Approver's access key/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    const key = await screen.findByLabelText(/Approver's access key/);
    expect(screen.getByText('An access key is required.')).toBeTruthy();
    fireEvent.change(key, { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByText('The reservation is cancelled.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { version: 3, waive_fee: false },
      { version: 3, waive_fee: false, access_key: '4321' },
    ]);
    expect(headers).toEqual(['key-1', 'key-1']);
  });

  it('says a started departure costs the no-show fee, and a waived fee refunds everything', async () => {
    stubApi({
      'GET nine/tours/reservations/41/cancellation-preview': () =>
        jsonResponse(200, {
          data: {
            ...preview,
            hours_before: -2,
            tier: null,
            fee_bp: 10000,
            fee_minor: 15000,
            refund_minor: 0,
            no_show: true,
          },
        }),
    });
    open({ canWaive: true });
    expect(await screen.findByText('The departure has started: no-show fee 100 % = €150.00.')).toBeTruthy();
    expect(screen.getByText('Nothing to refund.')).toBeTruthy();
    fireEvent.click(screen.getByText('Waive the cancellation fee'));
    await waitFor(() => expect(screen.getByText('Refund €150.00 to the original payments.')).toBeTruthy());
    expect(screen.getByText('The fee is waived.')).toBeTruthy();
  });

  it('says the fee carried from a departure the reservation was moved away from', async () => {
    stubApi({
      'GET nine/tours/reservations/41/cancellation-preview': () =>
        jsonResponse(200, {
          data: {
            ...preview,
            hours_before: 700,
            tier: { hours_before: 48, fee_bp: 0 },
            fee_bp: 10000,
            fee_from: 'moved',
            min_fee_bp: 10000,
            fee_minor: 15000,
            refund_minor: 0,
          },
        }),
    });
    open();
    expect(
      await screen.findByText(
        'Moved from a departure that charged 100 % to cancel: that fee still applies = €150.00.',
      ),
    ).toBeTruthy();
  });

  it('says one hour in the singular, and sends the version the preview was worked out at', async () => {
    const calls = stubApi({
      'GET nine/tours/reservations/41/cancellation-preview': () =>
        jsonResponse(200, { data: { ...preview, hours_before: 1, version: 5 } }),
      'POST nine/tours/reservations/41/cancel': () => jsonResponse(200, { data: cancelled }),
    });
    open();
    expect(await screen.findByText('1 hour before the start: 50 % fee = €75.00.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    await screen.findByText('The reservation is cancelled.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ version: 5, waive_fee: false });
  });

  it('on a version conflict asks the page to read the reservation again and reads the preview again', async () => {
    const calls = stubApi({
      'GET nine/tours/reservations/41/cancellation-preview': () => jsonResponse(200, { data: preview }),
      'POST nine/tours/reservations/41/cancel': () =>
        jsonResponse(409, { resp_code: 1021, resp_message: 'Someone else changed it.' }),
    });
    let conflicts = 0;
    open({ onConflict: () => (conflicts += 1) });
    await screen.findByText('Refund €75.00 to the original payments.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel reservation' }));
    await waitFor(() => expect(conflicts).toBe(1));
    await waitFor(() =>
      expect(calls.filter((call) => call.path.endsWith('/cancellation-preview'))).toHaveLength(2),
    );
  });
});
