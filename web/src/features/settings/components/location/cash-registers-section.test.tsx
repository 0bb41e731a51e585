import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CashRegisterState } from '@nine/shared/schemas/payments';
import type { GeneralSettings } from '@nine/shared/schemas/settings';
import { jsonResponse, stubApi } from '../../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../../testing/render-with-providers.tsx';
import { CashRegistersSection } from './cash-registers-section.tsx';

setUpTranslatedSuite();

const settings: GeneralSettings = {
  location_id: 1,
  version: 4,
  time_zone: 'America/Chicago',
  language: 'en-US',
  allow_staff_credit_card_entry: true,
  app_version: 'test',
  current_cash_register: 7,
  calendar_date_time_format: 'MM/DD/YYYY hh:mm A',
  is_tax_included: false,
  show_taxes_mode: 'separate',
  confirm_change_return: true,
  has_pay_and_balance_forward: false,
  print_setup: {},
  tax_comment: null,
  calendar_time_intervals: 1,
  invoice_print_header: null,
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

const front: CashRegisterState = {
  id: 7,
  name: 'Front desk',
  header_title: 'Harbor Rentals',
  default_terminal: 'T-1',
  is_active: true,
  version: 2,
  session: {
    id: 3,
    opened_at: '2026-11-24T08:00:00Z',
    opened_by: 'Ann',
    float_minor: 5000,
    cash_sales_minor: 0,
    cash_refunds_minor: 0,
    cash_deposits_held_minor: 0,
    cash_deposits_returned_minor: 0,
    cash_in_minor: 0,
    cash_out_minor: 0,
    expected_minor: 5000,
  },
};
const dock: CashRegisterState = {
  id: 8,
  name: 'Dock',
  header_title: null,
  default_terminal: null,
  is_active: false,
  version: 1,
  session: null,
};

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('cash registers section', () => {
  it('lists retired registers with their state and adds a register to the location', async () => {
    let registers = [front, dock];
    const calls = stubApi({
      'GET nine/general-settings': () => jsonResponse(200, { data: settings }),
      'GET nine/cash-registers': () => jsonResponse(200, { data: registers }),
      'POST nine/cash-registers': (body) => {
        const created: CashRegisterState = {
          ...dock,
          id: 9,
          name: 'Back office',
          is_active: true,
          ...(body as object),
        };
        registers = [...registers, created];
        return jsonResponse(201, { data: created });
      },
    });
    renderWithProviders(<CashRegistersSection locationId={1} canEdit />);
    await screen.findByRole('rowheader', { name: 'Front desk' });
    expect(within(rowOf('Front desk')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Front desk')).getByText('Open')).toBeTruthy();
    expect(within(rowOf('Dock')).getByText('Inactive')).toBeTruthy();
    expect(calls.find((c) => c.path.startsWith('nine/cash-registers'))?.path).toBe(
      'nine/cash-registers?location_id=1&include_inactive=true',
    );
    // The current register is chosen among the active ones.
    const current = (await screen.findByRole('combobox', {
      name: 'Current cash register',
    })) as HTMLSelectElement;
    expect(current.value).toBe('7');
    expect(Array.from(current.options).map((o) => o.text)).toEqual([
      'None: the one open register',
      'Front desk',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Add cash register' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a cash register' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Fill this in.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), {
      target: { value: 'Back office' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Default terminal/ }), {
      target: { value: 'T-2' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('rowheader', { name: 'Back office' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Back office', header_title: null, default_terminal: 'T-2', location_id: 1 },
    ]);
  });

  it('shows why an open register cannot be deactivated', async () => {
    const calls = stubApi({
      'GET nine/general-settings': () => jsonResponse(200, { data: settings }),
      'GET nine/cash-registers': () => jsonResponse(200, { data: [front, dock] }),
      'PUT nine/cash-registers/7': () =>
        jsonResponse(409, {
          resp_code: 1620,
          resp_message:
            'This cash register is open: close it on the Cash registers page before deactivating it.',
        }),
    });
    renderWithProviders(<CashRegistersSection locationId={1} canEdit />);
    await screen.findByRole('rowheader', { name: 'Front desk' });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate cash register Front desk' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate cash register Front desk?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(confirm.textContent).toContain('close it on the Cash registers page'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ version: 2, is_active: false });
  });

  it('is read-only without the right to change the settings', async () => {
    stubApi({
      'GET nine/general-settings': () => jsonResponse(200, { data: settings }),
      'GET nine/cash-registers': () => jsonResponse(200, { data: [front] }),
    });
    renderWithProviders(<CashRegistersSection locationId={1} canEdit={false} />);
    await screen.findByRole('rowheader', { name: 'Front desk' });
    expect(screen.queryByRole('button', { name: 'Add cash register' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit cash register/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(
      (screen.getByRole('combobox', { name: 'Current cash register' }) as HTMLSelectElement).disabled,
    ).toBe(true);
  });
});
