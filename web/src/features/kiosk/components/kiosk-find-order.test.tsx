import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { KioskFindOrder } from './kiosk-find-order.tsx';

setUpTranslatedSuite();

const order = {
  order_id: 12,
  number: 100012,
  status: 'confirmed',
  planned_start: '2026-11-25T09:00:00.000Z',
  planned_finish: '2026-11-27T09:00:00.000Z',
  total_minor: 8000,
  lines: [{ name: 'Life jacket (M)', quantity: 2 }],
  signed_at: null,
  signable: true,
};

const find = async (number: string, contact: string) => {
  fireEvent.change(await screen.findByLabelText('Order number'), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Phone number or e-mail'), { target: { value: contact } });
  fireEvent.click(screen.getByRole('button', { name: 'Find my order' }));
};

describe('KioskFindOrder', () => {
  it('finds the order, shows its lines and total, and signs it with the typed name', async () => {
    const calls = stubApi({
      'POST nine/kiosk/orders/find': () => jsonResponse(200, { data: order }),
      'PUT nine/kiosk/orders/signature': () =>
        jsonResponse(200, { data: { ...order, signed_at: '2026-11-25T10:00:00.000Z' } }),
    });
    const onFinished = vi.fn();
    renderWithProviders(<KioskFindOrder currencySymbol="$" onFinished={onFinished} />);
    await find('100012', '555 0100');

    expect(await screen.findByRole('heading', { name: 'Order 100012' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'What the order holds' }).textContent).toBe(
      '2 × Life jacket (M)',
    );
    expect(screen.getByText('Total $80.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Signer's name/), { target: { value: 'Ada Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Type the name instead' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));

    expect(await screen.findByText('Order 100012 is signed. The counter has your signature.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'nine/kiosk/orders/signature')?.body).toEqual({
      lookup: { number: 100012, contact: '555 0100' },
      signature: { method: 'typed', signer_name: 'Ada Lovelace' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onFinished).toHaveBeenCalled();
  });

  it('says no order matches when the server finds none, keeping what was typed', async () => {
    stubApi({
      'POST nine/kiosk/orders/find': () =>
        jsonResponse(404, { resp_code: 1661, resp_message: 'No order matches this number.' }),
    });
    renderWithProviders(<KioskFindOrder currencySymbol="$" onFinished={() => {}} />);
    await find('100012', 'ada@example.com');
    expect((await screen.findByRole('alert')).textContent).toContain('No order matches this number.');
    expect(screen.getByLabelText('Order number')).toHaveProperty('value', '100012');
  });

  it('refuses a contact too short before asking, and does not offer to sign a closed order', async () => {
    const calls = stubApi({
      'POST nine/kiosk/orders/find': () =>
        jsonResponse(200, { data: { ...order, status: 'closed', signable: false } }),
    });
    renderWithProviders(<KioskFindOrder currencySymbol="$" onFinished={() => {}} />);
    await find('100012', '0100');
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number or e-mail').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Phone number or e-mail'), { target: { value: '555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my order' }));
    expect(await screen.findByText(/cannot be signed here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
  });
});
