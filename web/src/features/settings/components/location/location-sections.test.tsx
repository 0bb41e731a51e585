import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LocationDetails } from '@nine/shared/schemas/location-settings';
import type { GeneralSettings } from '@nine/shared/schemas/settings';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { GeneralInformationSection } from './general-information-section.tsx';
import { OtherSettingsSection } from './other-settings-section.tsx';
import { PaymentSection } from './payment-section.tsx';

setUpTranslatedSuite();

const details: LocationDetails = {
  id: 2,
  name: 'Harbor Front',
  code: 'HARBOR',
  time_zone: 'America/Los_Angeles',
  address: '1 Pier Road',
  zip_code: '94133',
  tel: null,
  email: 'harbor@nine.test',
  version: 5,
  updated_at: '2026-11-20T10:00:00Z',
};

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
  tax_comment: null,
  calendar_time_intervals: 1,
  invoice_print_header: 'Nine Bikes',
  order_print_header: null,
  sale_order_print_header: null,
  auto_logout_inactive_users_timeout: 0,
  auto_logout_minutes: 0,
  policy_auto_logout_minutes: 0,
  multi_register: false,
  used_in_store: false,
  currency_symbol: '$',
  currency_code: 'USD',
  store_open: '09:00',
  store_close: '18:00',
};

describe('location settings sections', () => {
  it('saves the general information of the chosen location with the version shown', async () => {
    const calls = stubApi({
      'GET nine/locations/2': () => jsonResponse(200, { data: details }),
      'PUT nine/locations/2': (body) =>
        jsonResponse(200, { data: { ...details, ...(body as object), version: 6 } }),
    });
    const { toasts } = renderWithProviders(<GeneralInformationSection locationId={2} canEdit />);
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    fireEvent.change(phone, { target: { value: 'call us' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save general information' }));
    expect(await screen.findByText(/Enter a phone number/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(phone, { target: { value: '+1 415 555 0111' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save general information' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      version: 5,
      name: 'Harbor Front',
      address: '1 Pier Road',
      zip_code: '94133',
      tel: '+1 415 555 0111',
      email: null,
    });
  });

  it('sends only the payment switches, and words a stale save in the page’s own terms', async () => {
    const calls = stubApi({
      'GET nine/general-settings': () => jsonResponse(200, { data: settings }),
      'PUT nine/general-settings': () =>
        jsonResponse(409, { resp_code: 1021, resp_message: 'Changed', data: { version: 5 } }),
    });
    renderWithProviders(<PaymentSection locationId={2} canEdit />);
    const card = (await screen.findByRole('checkbox', {
      name: /Staff may enter card payments/,
    })) as HTMLInputElement;
    expect(card.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Someone saved these settings');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      location_id: 2,
      version: 4,
      allow_staff_credit_card_entry: true,
      has_pay_and_balance_forward: false,
      confirm_change_return: true,
    });
    // It reads the settings again to show what was saved meanwhile.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.path.startsWith('nine/general-settings')),
      ).toHaveLength(2),
    );
  });

  it('refuses a store that closes before it opens, and is read-only without the right', async () => {
    const calls = stubApi({ 'GET nine/general-settings': () => jsonResponse(200, { data: settings }) });
    const { unmount } = renderWithProviders(<OtherSettingsSection locationId={2} canEdit />);
    const closes = await screen.findByLabelText('Store closes');
    fireEvent.change(closes, { target: { value: '08:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save other settings' }));
    expect(await screen.findByText('The store must close after it opens.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    unmount();

    renderWithProviders(<OtherSettingsSection locationId={2} canEdit={false} />);
    const header = (await screen.findByRole('textbox', {
      name: 'Invoice print header',
    })) as HTMLTextAreaElement;
    expect(header.value).toBe('Nine Bikes');
    expect(header.disabled).toBe(true);
    expect(within(document.body).queryByRole('button', { name: 'Save other settings' })).toBeNull();
  });
});
