import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { locationPlace } from './location-query.ts';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  deliveryAvailabilityUpdate,
  deliverySettingsQuery,
  deliveryWindowCreate,
  deliveryWindowUpdate,
  deliveryZoneCreate,
  deliveryZoneUpdate,
  type DeliveryAvailability,
  type DeliverySettings,
  type DeliveryWindow,
  type DeliveryZone,
} from '@nine/shared/schemas/delivery-settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { createSettings, deleteSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';

const CHANGE: Requirement = { resource: 'delivery_setting', action: 'change' };

const ZONE_COLUMNS = 'id, location_id, name, zip_codes, fee_minor, min_order_minor, is_active, version';
const WINDOW_COLUMNS = `id, location_id, weekday, to_char(starts, 'HH24:MI') AS starts,
  to_char(ends, 'HH24:MI') AS ends, capacity, version`;

async function zoneById(client: Queryable, id: number): Promise<DeliveryZone> {
  const row = await maybeOne<DeliveryZone>(
    client,
    `SELECT ${ZONE_COLUMNS} FROM delivery_zones WHERE id = $1`,
    [id],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

async function windowById(client: Queryable, id: number): Promise<DeliveryWindow> {
  const row = await maybeOne<DeliveryWindow>(
    client,
    `SELECT ${WINDOW_COLUMNS} FROM delivery_windows WHERE id = $1`,
    [id],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

async function availabilityOf(
  client: Queryable,
  locationId: number,
  rentalTypeId?: number,
): Promise<DeliveryAvailability[]> {
  return rows<DeliveryAvailability>(
    client,
    `SELECT t.id AS rental_type_id, t.name, coalesce(s.delivery_availability, false) AS delivers,
            coalesce(s.version, 1) AS version
     FROM rental_types t
     LEFT JOIN location_activity_settings s ON s.location_id = $1 AND s.rental_type_id = t.id
     WHERE $2::int IS NULL OR t.id = $2
     ORDER BY t.id`,
    [locationId, rentalTypeId ?? null],
  );
}

/** The trigger's refusal (migration 0031) names the zip in its detail: the answer names it too. */
async function namingTakenZip<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const e = err as { code?: string; constraint?: string; detail?: string };
    if (e.code === '23505' && e.constraint === 'delivery_zones_zip_taken')
      throw new AppError('deliveryZipInOtherZone', { params: { zip: e.detail ?? '' } });
    throw err;
  }
}

/**
 * A location's delivery settings: zones by zip code (fee, minimum order), time windows per weekday
 * (capacity) and which rental types deliver. Read by anyone working at the location; changed with
 * delivery_setting change there. Every write raises the settings revision first and is audited with old
 * and new values (lib/settings-save.ts). Scheduling applies them (orders/delivery-terms.ts).
 */
export function registerDeliverySettings(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  const { db, auth } = deps;
  const mayChange = (client: pg.PoolClient, actor: Actor, locationId: number) =>
    assertLocationAccess(auth, actor, locationId, CHANGE, client);

  app.get('/api/nine/delivery-settings', { config: { access: 'location' } }, async (request) => {
    const q = parse(deliverySettingsQuery, request.query);
    await assertLocationAccess(auth, actorOf(request), q.location_id, null);
    const data: DeliverySettings = await transaction(
      db,
      async (client) => {
        return {
          location_id: q.location_id,
          ...(await locationPlace(client, q.location_id)),
          zones: await rows<DeliveryZone>(
            client,
            `SELECT ${ZONE_COLUMNS} FROM delivery_zones WHERE location_id = $1 ORDER BY name, id`,
            [q.location_id],
          ),
          windows: await rows<DeliveryWindow>(
            client,
            `SELECT ${WINDOW_COLUMNS} FROM delivery_windows WHERE location_id = $1
             ORDER BY weekday, delivery_windows.starts, id`,
            [q.location_id],
          ),
          availability: await availabilityOf(client, q.location_id),
        };
      },
      { readOnly: true },
    );
    return { data };
  });

  app.post('/api/nine/delivery-zones', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(deliveryZoneCreate, request.body);
    const actor = actorOf(request);
    const created = await namingTakenZip(() =>
      transaction(db, async (client) => {
        await mayChange(client, actor, input.location_id);
        const row = await createSettings(client, actor, 'delivery_zones', input, (r) => r.id);
        return zoneById(client, row.id);
      }),
    );
    reply.code(201);
    return { data: created };
  });

  app.put('/api/nine/delivery-zones/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(deliveryZoneUpdate, request.body);
    const actor = actorOf(request);
    const updated = await namingTakenZip(() =>
      transaction(db, async (client) => {
        await mayChange(client, actor, (await zoneById(client, id)).location_id);
        await saveSettings(client, actor, { table: 'delivery_zones', key: { id }, version, changes });
        return zoneById(client, id);
      }),
    );
    return { data: updated };
  });

  app.post('/api/nine/delivery-windows', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(deliveryWindowCreate, request.body);
    const actor = actorOf(request);
    const created = await transaction(db, async (client) => {
      await mayChange(client, actor, input.location_id);
      const row = await createSettings(client, actor, 'delivery_windows', input, (r) => r.id);
      return windowById(client, row.id);
    });
    reply.code(201);
    return { data: created };
  });

  app.put('/api/nine/delivery-windows/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(deliveryWindowUpdate, request.body);
    const actor = actorOf(request);
    const updated = await transaction(db, async (client) => {
      const current = await windowById(client, id);
      await mayChange(client, actor, current.location_id);
      await saveSettings(client, actor, {
        table: 'delivery_windows',
        key: { id },
        version: input.version,
        // The columns read back as "HH:MM:SS": an unchanged time is left out of the update and the audit.
        changes: {
          weekday: input.weekday,
          starts: input.starts === current.starts ? undefined : `${input.starts}:00`,
          ends: input.ends === current.ends ? undefined : `${input.ends}:00`,
          capacity: input.capacity,
        },
      });
      return windowById(client, id);
    });
    return { data: updated };
  });

  app.delete('/api/nine/delivery-windows/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await mayChange(client, actor, (await windowById(client, id)).location_id);
      await deleteSettings(client, actor, { table: 'delivery_windows', key: { id }, version });
    });
    return { data: { id } };
  });

  app.put('/api/nine/delivery-availability', { config: { access: CHANGE } }, async (request) => {
    const input = parse(deliveryAvailabilityUpdate, request.body);
    const actor = actorOf(request);
    const answer = await transaction(db, async (client) => {
      await mayChange(client, actor, input.location_id);
      const [type] = await availabilityOf(client, input.location_id, input.rental_type_id);
      if (!type) throw new AppError('notFound');
      await saveSettings(client, actor, {
        table: 'location_activity_settings',
        key: { location_id: input.location_id, rental_type_id: input.rental_type_id },
        version: input.version,
        createMissing: true,
        changes: { delivery_availability: input.delivers },
      });
      return (await availabilityOf(client, input.location_id, input.rental_type_id))[0]!;
    });
    return { data: answer };
  });
}
