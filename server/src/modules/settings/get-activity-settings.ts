import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { queryLocation, rentalTypeQuery } from './location-query.ts';
import { actorOf } from '../../lib/actor.ts';

/** The settings of one location and rental type: every column but the key. */
type ActivitySettingsRow = Omit<
  Tables['activity_settings'],
  'location_id' | 'rental_type_id' | 'version' | 'updated_at'
>;

const DEFAULTS: ActivitySettingsRow = {
  enforce_using_rental_periods: false,
  deliver_unpaid_orders: 'warn',
  warn_early_deliver_minutes: 30,
  warn_early_return_minutes: 30,
  allow_exchange_package_items: false,
  close_sale_order: 'manual',
  special_pricing: false,
  allow_change_plan_start_after_deliver: false,
  allow_undo_deliver: true,
  adjust_plan_to_business_hours: false,
  simultaneous_replace_and_deliver: false,
  manual_invoice_time: 'anytime',
  assign_and_deliver: false,
  show_category_image_in_admin_pannel: true,
  is_recurring_enabled: false,
  is_migration_in_progress: false,
  close_with_deposit_held: 'deny',
  close_with_balance_due: 'warn',
};

/** Spec "Activity settings" per location and rental type (1 by default); unset pairs get the defaults. */
export function registerActivitySettings(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.get('/api/nine/activity-settings', { config: { access: 'location' } }, async (request) => {
    const locationId = await queryLocation(request, deps.auth);
    const { rental_type_id } = parse(rentalTypeQuery, request.query);
    const settings = await maybeOne<ActivitySettingsRow>(
      deps.db.pool,
      `SELECT enforce_using_rental_periods, deliver_unpaid_orders, warn_early_deliver_minutes, warn_early_return_minutes,
              allow_exchange_package_items, close_sale_order, special_pricing, allow_change_plan_start_after_deliver,
              allow_undo_deliver, adjust_plan_to_business_hours, simultaneous_replace_and_deliver, manual_invoice_time,
              assign_and_deliver, show_category_image_in_admin_pannel, is_recurring_enabled, is_migration_in_progress,
              close_with_deposit_held, close_with_balance_due
       FROM activity_settings WHERE location_id = $1 AND rental_type_id = $2`,
      [locationId, rental_type_id],
    );
    return { data: { location_id: locationId, rental_type_id, ...(settings ?? DEFAULTS) } };
  });

  app.get('/api/nine/location-activity-settings', { config: { access: 'location' } }, async (request) => {
    const { rental_type_id } = parse(rentalTypeQuery, request.query);
    const settings = await maybeOne<Pick<Tables['location_activity_settings'], 'delivery_availability'>>(
      deps.db.pool,
      'SELECT delivery_availability FROM location_activity_settings WHERE location_id = $1 AND rental_type_id = $2',
      [actorOf(request).locationId, rental_type_id],
    );
    return {
      data: {
        location_id: actorOf(request).locationId,
        rental_type_id,
        delivery_availability: settings?.delivery_availability ?? false,
      },
    };
  });
}
