import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { reservationFixture } from './testing/reservation-fixtures.ts';
import { ReservationPrint, ReservationSheet } from './reservation-print.tsx';

setUpTranslatedSuite();

const withEquipment = reservationFixture(
  {},
  {
    equipment: [{ product_id: 9, product_name: 'Life jacket', sku: 'LJ', item_sku: null, quantity: 3 }],
    participants: [
      {
        id: 100,
        first_name: 'Ann',
        last_name: 'Lee',
        age_group_id: 1,
        is_organiser: true,
        birth_date: null,
        email: null,
        phone: null,
        signed: {
          waiver_id: 5,
          signed_at: '2031-05-02T10:00:00.000Z',
          signer_name: 'Ann Lee',
          signer_role: 'self',
        },
        checked_in_at: null,
        checkin_code: 'ABCDEFGH12',
      },
    ],
  },
);

describe('the printed reservation', () => {
  it('prints each participant with their check-in QR code on the A4 confirmation', async () => {
    renderWithProviders(
      <ReservationSheet reservation={withEquipment} header="Lake Shop" currencySymbol="€" />,
    );
    expect(screen.getByText('Booking confirmation #1041')).toBeTruthy();
    expect(screen.getByText('€70.00')).toBeTruthy();
    const qr = screen.getByRole('img', { name: 'QR code ABCDEFGH12' });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull(), { timeout: 10_000 });
    expect(screen.getByText('ABCDEFGH12')).toBeTruthy();
  });

  it('offers Print only once the QR codes can be drawn', async () => {
    stubApi({ 'GET nine/tours/reservations/41': () => jsonResponse(200, { data: withEquipment }) });
    const seen: boolean[] = [];
    renderWithProviders(
      <ReservationPrint
        id={41}
        locationId={1}
        header={null}
        currencySymbol="€"
        backHref="/back"
        controls={(reservation, ready) => {
          if (reservation !== undefined) seen.push(ready);
          return null;
        }}
      />,
    );
    const qr = await screen.findByRole('img', { name: 'QR code ABCDEFGH12' });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull(), { timeout: 10_000 });
    expect(seen.at(-1)).toBe(true);
    // Never ready while a QR box was still empty.
    expect(seen.indexOf(true)).toBeGreaterThanOrEqual(seen.lastIndexOf(false) + 1);
  });
});
