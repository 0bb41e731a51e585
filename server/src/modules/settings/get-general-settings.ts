import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../../db/pool.ts';
import { actorOf } from '../../lib/actor.ts';

/** Spec "General settings" for the request's location. The auto-logout timeout is the access policy's. */
export function registerGeneralSettings(app: FastifyInstance, deps: { db: Db; appVersion: string }): void {
  app.get('/api/nine/general-settings', { config: { access: 'location' } }, async (request) => {
    const { rows } = await deps.db.pool.query(
      `SELECT g.allow_staff_credit_card_entry, g.current_cash_register, g.calendar_date_time_format, g.is_tax_included,
              g.show_taxes_mode, g.confirm_change_return, g.has_pay_and_balance_forward, g.print_setup, g.tax_comment,
              g.calendar_time_intervals, g.invoice_print_header, g.order_print_header, g.sale_order_print_header,
              coalesce(p.auto_logout_minutes, 0) AS auto_logout_inactive_users_timeout, g.multi_register, g.used_in_store,
              g.currency_symbol, g.currency_code, to_char(g.store_open, 'HH24:MI') AS store_open, to_char(g.store_close, 'HH24:MI') AS store_close
       FROM general_settings g LEFT JOIN access_policy p ON p.id = 1 WHERE g.location_id = $1`,
      [actorOf(request).locationId],
    );
    if (!rows[0]) throw new AppError('notFound');
    return { data: { ...rows[0], app_version: deps.appVersion } };
  });
}
