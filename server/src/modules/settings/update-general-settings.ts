import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { generalSettingsUpdate } from '@nine/shared/schemas/location-settings';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { saveSettings, touchSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { generalSettingsOf } from './get-general-settings.ts';
import { keepLocationValues } from './product-line-state.ts';

/**
 * An object's keys in the order jsonb keeps them (shorter first, then bytewise), so the saved print setup
 * read back compares equal to the same setup sent again: an unchanged section is no change.
 */
function jsonbOrder<T extends object>(value: T): T {
  const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, (value as Record<string, unknown>)[k]])) as T;
}

export const LOCATION_SETTING_CHANGE = { resource: 'location_setting', action: 'change' } as const;

/**
 * PUT /api/nine/general-settings: one section of a location's settings (the request's location unless
 * named; the caller needs location_setting change there too). A location that never saved any starts from
 * the defaults at version 1. The time zone lives on the location but is saved under these settings'
 * version, so a stale Regional section is refused like any other. Answers the settings as saved.
 */
export function registerUpdateGeneralSettings(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService; appVersion: string },
): void {
  app.put('/api/nine/general-settings', { config: { access: LOCATION_SETTING_CHANGE } }, async (request) => {
    const { location_id, version, time_zone, ...changes } = parse(generalSettingsUpdate, request.body);
    const actor = actorOf(request);
    const locationId = location_id ?? actor.locationId;
    const data = await transaction(deps.db, async (client) => {
      await assertLocationAccess(deps.auth, actor, locationId, LOCATION_SETTING_CHANGE, client);
      const saved = await saveSettings(client, actor, {
        table: 'general_settings',
        key: { location_id: locationId },
        version,
        // Time columns read back as HH:MM:SS: compared in that form, an unchanged time is no change.
        changes: {
          ...changes,
          store_open: changes.store_open && `${changes.store_open}:00`,
          store_close: changes.store_close && `${changes.store_close}:00`,
          print_setup: changes.print_setup && jsonbOrder(changes.print_setup),
        },
        createMissing: true,
      });
      // Checked after the save raised the revision, which a register's retirement raises first too: the
      // two take turns, so a register retired meanwhile is seen retired here.
      const register = changes.current_cash_register;
      if (register !== undefined && register !== null) {
        const found = await maybeOne<Pick<Tables['cash_registers'], 'is_active'>>(
          client,
          'SELECT is_active FROM cash_registers WHERE id = $1 AND location_id = $2',
          [register, locationId],
        );
        if (!found)
          throw new AppError('validation', {
            data: { issues: [{ path: 'current_cash_register', code: 'unknown_register' }] },
          });
        if (!found.is_active) throw new AppError('registerInactive');
      }
      if (time_zone !== undefined) {
        const location = await maybeOne<Pick<Tables['locations'], 'time_zone' | 'version'>>(
          client,
          'SELECT time_zone, version FROM locations WHERE id = $1',
          [locationId],
        );
        if (location && location.time_zone !== time_zone) {
          // Every query that shows a local time asks PostgreSQL to convert into this zone: it must know it.
          if (!(await exec(client, 'SELECT 1 FROM pg_timezone_names WHERE name = $1', [time_zone])))
            throw new AppError('validation', {
              data: { issues: [{ path: 'time_zone', code: 'invalid_time_zone' }] },
            });
          await saveSettings(client, actor, {
            table: 'locations',
            key: { id: locationId },
            version: location.version,
            changes: { time_zone },
          });
          // The Regional section shows the zone: its version moves with it when nothing else changed.
          if (saved.version === version)
            await touchSettings(client, { table: 'general_settings', key: { location_id: locationId } });
        }
      }
      // A print header set here unlike the business default is this location's own from now on.
      if (changes.order_print_header !== undefined || changes.sale_order_print_header !== undefined)
        await keepLocationValues(client, actor, locationId, null);
      return generalSettingsOf(client, locationId, deps.appVersion);
    });
    return { data };
  });
}
