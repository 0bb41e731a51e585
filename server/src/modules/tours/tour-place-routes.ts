import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { settingsDeleteQuery } from '@nine/shared/schemas/settings';
import {
  tourPlaceInput,
  tourPlaceQuery,
  tourPlaceUpdate,
  type TourPlace,
} from '@nine/shared/schemas/tours/settings';
import type { Db } from '../../db/pool.ts';
import { maybeOne, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';
import { createSettings, deleteSettings, saveSettings } from '../../lib/settings-save.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { TOUR_MANAGE, TOUR_VIEW } from './tour-settings-routes.ts';

const PLACE_IN_USE = `(EXISTS (SELECT 1 FROM tour_definitions d WHERE d.meeting_point_id = p.id OR d.site_id = p.id)
  OR EXISTS (SELECT 1 FROM tour_events e WHERE e.meeting_point_id = p.id))`;
const PLACE = `SELECT p.id, p.location_id, p.kind, p.name, p.address, p.latitude::float8 AS latitude,
  p.longitude::float8 AS longitude, p.instructions, p.active, ${PLACE_IN_USE} AS in_use, p.version
  FROM tour_places p`;

/** The position as the numeric columns take it (as text, exact). */
const position = (p: { latitude: number | null; longitude: number | null }) => ({
  latitude: p.latitude === null ? null : String(p.latitude),
  longitude: p.longitude === null ? null : String(p.longitude),
});

/** The same coordinate as numeric(9,6) holds it: compared as numbers, to the column's six decimals. */
const sameCoordinate = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) < 5e-7;

/** A place of the request's location; another location's is not found. */
async function placeAt(q: Queryable, id: number, locationId: number): Promise<TourPlace> {
  const row = await maybeOne<TourPlace>(q, `${PLACE} WHERE p.id = $1 AND p.location_id = $2`, [
    id,
    locationId,
  ]);
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * Meeting points and tour sites of the request's location (docs/design/tours.md S1). A name is unique per
 * location and kind (tour_places_name_key, 409). A place a definition or an event names is kept: deleting
 * it is refused (409 tourPlaceInUse), deactivating it is allowed.
 */
export function registerTourPlaceRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  app.get('/api/nine/tours/places', { config: { access: TOUR_VIEW } }, async (request) => {
    const q = parse(tourPlaceQuery, request.query);
    const { locationId } = actorOf(request);
    const found = await rows<TourPlace>(
      db.pool,
      `${PLACE} WHERE p.location_id = $1 AND ($2::text IS NULL OR p.kind = $2) AND ($3::boolean IS NULL OR p.active = $3)
       ORDER BY p.kind, p.name, p.id`,
      [locationId, q.kind ?? null, q.active ?? null],
    );
    return { data: { rows: found } };
  });

  app.post('/api/nine/tours/places', { config: { access: TOUR_MANAGE } }, async (request, reply) => {
    const input = parse(tourPlaceInput, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const row = await createSettings(
        client,
        actor,
        'tour_places',
        { ...input, ...position(input), location_id: actor.locationId },
        (r) => r.id,
      );
      return placeAt(client, row.id, actor.locationId);
    });
    reply.code(201);
    return { data };
  });

  app.patch('/api/nine/tours/places/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version, ...changes } = parse(tourPlaceUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const before = await placeAt(client, id, actor.locationId);
      // numeric(9,6) reads back as text ("2.180000"): each coordinate is compared as a number, and one that
      // did not move stays out of the update and the audit.
      const written = position(changes);
      await saveSettings(client, actor, {
        table: 'tour_places',
        key: { id },
        version,
        changes: {
          ...changes,
          latitude: sameCoordinate(changes.latitude, before.latitude) ? undefined : written.latitude,
          longitude: sameCoordinate(changes.longitude, before.longitude) ? undefined : written.longitude,
        },
      });
      return placeAt(client, id, actor.locationId);
    });
    return { data };
  });

  app.delete('/api/nine/tours/places/:id', { config: { access: TOUR_MANAGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const { version } = parse(settingsDeleteQuery, request.query);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      await placeAt(client, id, actor.locationId);
      await deleteSettings(client, actor, {
        table: 'tour_places',
        key: { id },
        version,
        // Read under the row's lock: a definition naming it meanwhile waited for this transaction.
        check: async () => {
          if ((await placeAt(client, id, actor.locationId)).in_use) throw new AppError('tourPlaceInUse');
        },
      });
    });
    return { data: { id } };
  });
}
