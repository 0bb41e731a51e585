import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SquareSettings } from '@nine/shared/schemas/square-settings';
import type { GeneralSettings } from '@nine/shared/schemas/settings';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { OtherSettingsSection } from './other-settings-section.tsx';
import { SquareSection } from './square-section.tsx';

setUpTranslatedSuite();

const settings: GeneralSettings = {
  location_id: 2,
  version: 4,
  time_zone: 'America/Los_Angeles',
  language: 'en-US',
  allow_staff_credit_card_entry: true,
  app_version: 'test',
  current_cash_register: null,
  calendar_date_time_format: 'MM/DD/YYYY hh:mm A',
  is_tax_included: false,
  show_taxes_mode: 'separate',
  confirm_change_return: true,
  has_pay_and_balance_forward: false,
  print_setup: {},
  tax_comment: 'Tax id 12-345',
  calendar_time_intervals: 1,
  invoice_print_header: 'Nine Bikes',
  order_print_header: null,
  sale_order_print_header: null,
  auto_logout_inactive_users_timeout: 30,
  auto_logout_minutes: 0,
  policy_auto_logout_minutes: 30,
  multi_register: false,
  used_in_store: false,
  currency_symbol: '$',
  currency_code: 'USD',
  store_open: '09:00',
  store_close: '18:00',
};

const square: SquareSettings = {
  location_id: 2,
  environment: 'sandbox',
  application_id: 'sandbox-sq0idb-abc',
  square_location_id: null,
  device_id: null,
  has_access_token: true,
  access_token_last4: 'WXYZ',
  version: 3,
};

describe('other settings', () => {
  it('saves the print setup and a shorter auto-logout, naming the policy’s limit', async () => {
    const calls = stubApi({
      'GET nine/general-settings': () => jsonResponse(200, { data: settings }),
      'PUT nine/general-settings': (body) =>
        jsonResponse(200, { data: { ...settings, ...(body as object), version: 5 } }),
    });
    const { toasts } = renderWithProviders(<OtherSettingsSection locationId={2} canEdit />);
    const minutes = await screen.findByRole('textbox', { name: 'Auto-logout after (minutes)' });
    expect(screen.getByText(/follows the business policy \(30 minutes\)/)).toBeTruthy();
    expect(screen.getByText(/until the business calendar above has its own hours/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Print the receipt by itself/ }));
    const copies = screen.getByRole('textbox', { name: 'Copies of that receipt' });
    fireEvent.change(copies, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save other settings' }));
    expect(await screen.findByText('Enter a whole number from 1 to 3.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(copies, { target: { value: '2' } });
    fireEvent.change(minutes, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save other settings' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      location_id: 2,
      version: 4,
      tax_comment: 'Tax id 12-345',
      print_setup: { auto_print_receipt: true, receipt_copies: 2 },
      auto_logout_minutes: 10,
    });
  });
});

describe('square settings', () => {
  it('never shows the token, keeps it when the field stays empty, and sends a new one', async () => {
    const calls = stubApi({
      'GET nine/square-settings': () => jsonResponse(200, { data: square }),
      'PUT nine/square-settings': (body) =>
        jsonResponse(200, { data: { ...square, version: 4, ...(body as object) } }),
    });
    const { toasts } = renderWithProviders(<SquareSection locationId={2} canEdit />);
    const token = (await screen.findByLabelText('Access token')) as HTMLInputElement;
    expect(token.value).toBe('');
    expect(token.type).toBe('password');
    expect(screen.getByText(/A token ending in WXYZ is stored/)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Default terminal device ID' }), {
      target: { value: 'device:123' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Square settings' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    const kept = calls.filter((c) => c.method === 'PUT')[0]?.body as Record<string, unknown>;
    expect(kept).toMatchObject({
      location_id: 2,
      version: 3,
      device_id: 'device:123',
      environment: 'sandbox',
    });
    expect(kept.access_token ?? '').toBe('');

    fireEvent.change(screen.getByLabelText('Access token'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Square settings' }));
    expect(await screen.findByText('A token is 16 to 200 characters without spaces.')).toBeTruthy();
  });

  it('is read-only without the right', async () => {
    stubApi({ 'GET nine/square-settings': () => jsonResponse(200, { data: square }) });
    renderWithProviders(<SquareSection locationId={2} canEdit={false} />);
    const app = (await screen.findByRole('textbox', { name: 'Application ID' })) as HTMLInputElement;
    expect(app.value).toBe('sandbox-sq0idb-abc');
    expect(app.disabled).toBe(true);
    expect(within(document.body).queryByRole('button', { name: 'Save Square settings' })).toBeNull();
    expect(within(document.body).queryByRole('checkbox', { name: 'Remove the stored token' })).toBeNull();
  });
});
