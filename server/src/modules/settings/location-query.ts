import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { one, type Queryable } from '../../db/sql.ts';

/** A `location_id` query parameter, defaulting to the request's location; must be one the user may work in. */
export async function queryLocation(request: FastifyRequest, auth: AuthService): Promise<number> {
  const { location_id } = parse(
    z.object({ location_id: z.coerce.number().int().positive().optional() }),
    request.query,
  );
  const actor = actorOf(request);
  const id = location_id ?? actor.locationId;
  await assertLocationAccess(auth, actor, id, null);
  return id;
}

export const rentalTypeQuery = z.object({ rental_type_id: z.coerce.number().int().positive().default(1) });

/** A location's clock and currency as its settings screens show amounts and times (the defaults without rows). */
export async function locationPlace(
  q: Queryable,
  locationId: number,
): Promise<{ time_zone: string; currency_symbol: string }> {
  const place = await one<{ time_zone: string | null; currency_symbol: string | null }>(
    q,
    `SELECT (SELECT time_zone FROM locations WHERE id = $1) AS time_zone,
            (SELECT currency_symbol FROM general_settings WHERE location_id = $1) AS currency_symbol`,
    [locationId],
  );
  return { time_zone: place.time_zone ?? 'UTC', currency_symbol: place.currency_symbol ?? '$' };
}
