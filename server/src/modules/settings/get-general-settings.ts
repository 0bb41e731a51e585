import type { FastifyInstance } from 'fastify';
import type { GeneralSettings } from '@nine/shared/schemas/settings';
import { AppError } from '@nine/shared/errors';
import { printSetup, type PrintSetup } from '@nine/shared/schemas/location-settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { queryLocation } from './location-query.ts';

type Row = Omit<
  Tables['general_settings'],
  'updated_at' | 'store_open' | 'store_close' | 'order_photo_max_bytes' | 'print_setup'
> & {
  print_setup: unknown;
  /** to_char: HH24:MI. */
  store_open: string;
  store_close: string;
};

/** The columns' defaults (migrations 0001, 0012, 0029): what a location that never saved its settings works by. */
const DEFAULTS: Omit<Row, 'location_id'> = {
  allow_staff_credit_card_entry: false,
  current_cash_register: null,
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
  multi_register: false,
  used_in_store: false,
  currency_symbol: '$',
  currency_code: 'USD',
  store_open: '09:00',
  store_close: '18:00',
  language: 'en-US',
  auto_logout_minutes: 0,
  version: 1,
};

/**
 * The idle timeout a session at a location works by: the access policy's is the longest allowed, the
 * location's own applies when shorter (or when the policy has none); 0 = no auto-logout.
 */
export function effectiveAutoLogout(policyMinutes: number, locationMinutes: number): number {
  if (locationMinutes <= 0) return policyMinutes;
  return policyMinutes <= 0 ? locationMinutes : Math.min(policyMinutes, locationMinutes);
}

/** The stored print setup's known keys (others are dropped); one not valid now reads as the defaults. */
const printSetupOf = (stored: unknown): PrintSetup => printSetup.safeParse(stored).data ?? {};

/**
 * Spec "General settings" of one location, from its row or the defaults at version 1 when it has none (the
 * first save creates the row at version 1). The time zone is the location's; the auto-logout timeout is the
 * access policy's, or the location's own when shorter (effectiveAutoLogout).
 */
export async function generalSettingsOf(
  client: Queryable,
  locationId: number,
  appVersion: string,
): Promise<GeneralSettings> {
  const location = await maybeOne<Pick<Tables['locations'], 'time_zone'>>(
    client,
    'SELECT time_zone FROM locations WHERE id = $1',
    [locationId],
  );
  if (!location) throw new AppError('notFound');
  const row = await maybeOne<Row>(
    client,
    `SELECT location_id, version, allow_staff_credit_card_entry, current_cash_register, calendar_date_time_format,
            is_tax_included, show_taxes_mode, confirm_change_return, has_pay_and_balance_forward, print_setup,
            tax_comment, calendar_time_intervals, invoice_print_header, order_print_header, sale_order_print_header,
            multi_register, used_in_store, currency_symbol, currency_code, language, auto_logout_minutes,
            to_char(store_open, 'HH24:MI') AS store_open, to_char(store_close, 'HH24:MI') AS store_close
     FROM general_settings WHERE location_id = $1`,
    [locationId],
  );
  const policy = await one<{ auto_logout_inactive_users_timeout: number }>(
    client,
    `SELECT coalesce((SELECT auto_logout_minutes FROM access_policy WHERE id = 1), 0) AS auto_logout_inactive_users_timeout`,
  );
  const settings = row ?? { ...DEFAULTS, location_id: locationId };
  return {
    ...settings,
    language: settings.language as GeneralSettings['language'],
    print_setup: printSetupOf(settings.print_setup),
    time_zone: location.time_zone,
    auto_logout_inactive_users_timeout: effectiveAutoLogout(
      policy.auto_logout_inactive_users_timeout,
      settings.auto_logout_minutes,
    ),
    policy_auto_logout_minutes: policy.auto_logout_inactive_users_timeout,
    app_version: appVersion,
  };
}

export function registerGeneralSettings(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; appVersion: string },
): void {
  // Another location's (`?location_id`) with a role there: the Location settings page's location picker.
  app.get('/api/nine/general-settings', { config: { access: 'location' } }, async (request) => {
    const locationId = await queryLocation(request, deps.auth);
    return { data: await generalSettingsOf(deps.db.pool, locationId, deps.appVersion) };
  });
}
