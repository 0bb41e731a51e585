import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { activitySettingsUpdate } from '@nine/shared/schemas/settings';
import type { Db } from '../../db/pool.ts';
import { exec } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { activitySettingsAnswer } from './get-activity-settings.ts';
import { keepLocationValues } from './product-line-state.ts';

const CHANGE = { resource: 'activity', action: 'change' } as const;

/**
 * PUT /api/nine/activity-settings: changes the switches of one location (the request's unless named; the
 * caller needs activity change there too) and rental type. A location that never saved any starts from the
 * defaults at version 1. Answers the settings as saved, with the version for the next save.
 */
export function registerUpdateActivitySettings(
  app: FastifyInstance,
  deps: { db: Db; auth: AuthService },
): void {
  app.put('/api/nine/activity-settings', { config: { access: CHANGE } }, async (request) => {
    const { location_id, rental_type_id, version, ...changes } = parse(activitySettingsUpdate, request.body);
    const actor = actorOf(request);
    const locationId = location_id ?? actor.locationId;
    const saved = await transaction(deps.db, async (client) => {
      await assertLocationAccess(deps.auth, actor, locationId, CHANGE, client);
      if (!(await exec(client, 'SELECT 1 FROM rental_types WHERE id = $1', [rental_type_id])))
        throw new AppError('validation', {
          data: { issues: [{ path: 'rental_type_id', code: 'not_found' }] },
        });
      const row = await saveSettings(client, actor, {
        table: 'activity_settings',
        key: { location_id: locationId, rental_type_id },
        version,
        changes,
        createMissing: true,
      });
      // A switch set here unlike the business default is this location's own from now on.
      await keepLocationValues(client, actor, locationId, rental_type_id);
      return row;
    });
    return { data: activitySettingsAnswer(locationId, rental_type_id, saved) };
  });
}
