import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { locationUpdate, type LocationDetails } from '@nine/shared/schemas/location-settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { LOCATION_SETTING_CHANGE } from './update-general-settings.ts';

type Row = Pick<
  Tables['locations'],
  'id' | 'name' | 'code' | 'time_zone' | 'address' | 'zip_code' | 'tel' | 'email' | 'version' | 'updated_at'
>;

async function detailsOf(client: Queryable, id: number): Promise<LocationDetails> {
  const row = await maybeOne<Row>(
    client,
    'SELECT id, name, code, time_zone, address, zip_code, tel, email, version, updated_at FROM locations WHERE id = $1',
    [id],
  );
  if (!row) throw new AppError('notFound');
  return { ...row, updated_at: row.updated_at.toISOString() };
}

/**
 * Location settings, section "General information": a location's name and contact details, read with a role
 * there and changed with location_setting change there. The time zone is saved with the Regional section
 * (PUT /api/nine/general-settings).
 */
export function registerLocationDetails(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.get('/api/nine/locations/:id', { config: { access: 'location' } }, async (request) => {
    const { id } = parse(idParams, request.params);
    await assertLocationAccess(deps.auth, actorOf(request), id, null);
    return { data: await detailsOf(deps.db.pool, id) };
  });

  app.put('/api/nine/locations/:id', { config: { access: LOCATION_SETTING_CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(locationUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(deps.db, async (client) => {
      await assertLocationAccess(deps.auth, actor, id, LOCATION_SETTING_CHANGE, client);
      await saveSettings(client, actor, { table: 'locations', key: { id }, version, changes });
      return detailsOf(client, id);
    });
    return { data };
  });
}
