import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';

/** Spec "General settings" for the request's location. The auto-logout timeout is the access policy's. */
type GeneralSettingsRow = Pick<
  Tables['general_settings'],
  | 'allow_staff_credit_card_entry'
  | 'current_cash_register'
  | 'calendar_date_time_format'
  | 'is_tax_included'
  | 'show_taxes_mode'
  | 'confirm_change_return'
  | 'has_pay_and_balance_forward'
  | 'print_setup'
  | 'tax_comment'
  | 'calendar_time_intervals'
  | 'invoice_print_header'
  | 'order_print_header'
  | 'sale_order_print_header'
  | 'multi_register'
  | 'used_in_store'
  | 'currency_symbol'
  | 'currency_code'
> & {
  auto_logout_inactive_users_timeout: Tables['access_policy']['auto_logout_minutes'];
  /** to_char: HH24:MI. */
  store_open: string;
  store_close: string;
};

export function registerGeneralSettings(app: FastifyInstance, deps: { db: Db; appVersion: string }): void {
  app.get('/api/nine/general-settings', { config: { access: 'location' } }, async (request) => {
    const settings = await maybeOne<GeneralSettingsRow>(
      deps.db.pool,
      `SELECT g.allow_staff_credit_card_entry, g.current_cash_register, g.calendar_date_time_format, g.is_tax_included,
              g.show_taxes_mode, g.confirm_change_return, g.has_pay_and_balance_forward, g.print_setup, g.tax_comment,
              g.calendar_time_intervals, g.invoice_print_header, g.order_print_header, g.sale_order_print_header,
              coalesce(p.auto_logout_minutes, 0) AS auto_logout_inactive_users_timeout, g.multi_register, g.used_in_store,
              g.currency_symbol, g.currency_code, to_char(g.store_open, 'HH24:MI') AS store_open, to_char(g.store_close, 'HH24:MI') AS store_close
       FROM general_settings g LEFT JOIN access_policy p ON p.id = 1 WHERE g.location_id = $1`,
      [actorOf(request).locationId],
    );
    if (!settings) throw new AppError('notFound');
    return { data: { ...settings, app_version: deps.appVersion } };
  });
}
