import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readParticipantToken } from '../../features/participant/participant-token.ts';
import { initI18n } from '../../lib/i18n.ts';
import { jsonResponse, stubApi } from '../../testing/fake-api.ts';
import { renderAtPath } from '../../testing/render-at-path.tsx';
import { EasySignPage } from './easy-sign-page.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const fill = (number: string, contact: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: /^Booking number/ }), { target: { value: number } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Phone or e-mail/ }), { target: { value: contact } });
  fireEvent.click(screen.getByRole('button', { name: 'Find my booking' }));
};

describe('EasySignPage', () => {
  it('looks the booking up and opens the participant page with the token kept out of the address', async () => {
    const calls = stubApi({
      'POST nine/public/easy-sign/lookup': () =>
        jsonResponse(200, { data: { token: 'tok_easy', expires_at: '2026-07-01T10:30:00Z' } }),
    });
    const { location } = renderAtPath('/easy-sign', <EasySignPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Find your booking' })).toBeTruthy();
    // The number as printed ("#1042"), with spaces and leading zeros: its digits are sent.
    expect(screen.getByRole('textbox', { name: /^Booking number/ }).getAttribute('inputmode')).toBe(
      'numeric',
    );
    fill(' #001 042 ', 'olga@example.com');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/participant/signe'));
    expect(calls[0]?.body).toEqual({ order_number: '1042', contact: 'olga@example.com' });
    expect(readParticipantToken('')).toEqual({ token: 'tok_easy', source: 'easy-sign' });
    // A share link's token in the address wins over one kept by easy-sign.
    expect(readParticipantToken('?token=tok_link')).toEqual({ token: 'tok_link', source: 'link' });
  });

  it('says only that nothing matched on a miss, and checks the fields first', async () => {
    const calls = stubApi({});
    const { location } = renderAtPath('/easy-sign', <EasySignPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Find my booking' }));
    expect(await screen.findAllByText('Fill this in.')).toHaveLength(2);
    expect(calls).toHaveLength(0);

    // Letters in the number, and a contact that is neither an e-mail nor a whole phone number.
    fill('T-9999', '600 12');
    expect(await screen.findByText("Enter the booking number's digits, for example 1042.")).toBeTruthy();
    expect(
      screen.getByText('Enter an e-mail address or a phone number with at least 7 digits.'),
    ).toBeTruthy();
    fill('a@b', 'olga@example');
    expect(
      await screen.findByText('Enter an e-mail address or a phone number with at least 7 digits.'),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);

    fill('9999', '+34 600 000 000');
    expect(
      await screen.findByText('No booking matches this number and contact. Check both and try again.'),
    ).toBeTruthy();
    expect(location.history).toEqual(['/easy-sign']);
    expect(readParticipantToken('')).toBeNull();
  });
});
