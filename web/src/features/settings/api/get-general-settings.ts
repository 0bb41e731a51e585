import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Spec section 3 "General settings", for the location the request works in. */
export interface GeneralSettings {
  allow_staff_credit_card_entry: boolean;
  app_version: string;
  current_cash_register: number | null;
  calendar_date_time_format: string;
  is_tax_included: boolean;
  show_taxes_mode: string;
  confirm_change_return: boolean;
  has_pay_and_balance_forward: boolean;
  print_setup: unknown;
  tax_comment: string | null;
  calendar_time_intervals: number;
  invoice_print_header: string | null;
  order_print_header: string | null;
  sale_order_print_header: string | null;
  /** Minutes without activity before the session ends; 0 turns it off. */
  auto_logout_inactive_users_timeout: number;
  multi_register: boolean;
  used_in_store: boolean;
  currency_symbol: string;
  /** ISO 4217 code of the location's currency (receipts format amounts with it). */
  currency_code: string;
  store_open: string | null;
  store_close: string | null;
}

export function getGeneralSettings({ signal }: { signal?: AbortSignal } = {}): Promise<GeneralSettings> {
  return api.get<GeneralSettings>('nine/general-settings', { signal });
}

export const generalSettingsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['general-settings', locationId],
    queryFn: ({ signal }) => getGeneralSettings({ signal }),
    staleTime: 5 * 60_000,
  });

export function useGeneralSettings(locationId: number | null) {
  return useQuery({ ...generalSettingsQueryOptions(locationId ?? 0), enabled: locationId !== null });
}
