import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';

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
