import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { queryLocation, rentalTypeQuery } from './location-query.ts';
import { actorOf } from '../../lib/actor.ts';

/** The settings of one location and rental type: every column but the key and the version. */
type ActivitySettingsRow = Omit<
  Tables['activity_settings'],
  'location_id' | 'rental_type_id' | 'version' | 'updated_at'
>;

/** The columns' defaults (migrations 0001, 0022): what a location that never saved its settings works by. */
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

/**
 * The answer for one location and rental type, from its row, or the defaults at version 1 when it has none
 * (the first save creates the row at version 1, so that version is the one to send).
 */
export function activitySettingsAnswer(
  locationId: number,
  rentalTypeId: number,
  row: Tables['activity_settings'] | null | undefined,
) {
  if (!row)
    return {
      location_id: locationId,
      rental_type_id: rentalTypeId,
      ...DEFAULTS,
      version: 1,
      updated_at: null,
    };
  return {
    ...row,
    location_id: locationId,
    rental_type_id: rentalTypeId,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Spec "Activity settings" per location and rental type (1 by default); unset pairs get the defaults. */
export function registerActivitySettings(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.get('/api/nine/activity-settings', { config: { access: 'location' } }, async (request) => {
    const locationId = await queryLocation(request, deps.auth);
    const { rental_type_id } = parse(rentalTypeQuery, request.query);
    const row = await maybeOne<Tables['activity_settings']>(
      deps.db.pool,
      'SELECT * FROM activity_settings WHERE location_id = $1 AND rental_type_id = $2',
      [locationId, rental_type_id],
    );
    return { data: activitySettingsAnswer(locationId, rental_type_id, row) };
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
