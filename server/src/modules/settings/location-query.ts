import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';

/** A `location_id` query parameter, defaulting to the request's location; must be one the user may work in. */
export async function queryLocation(request: FastifyRequest, auth: AuthService): Promise<number> {
  const { location_id } = parse(
    z.object({ location_id: z.coerce.number().int().positive().optional() }),
    request.query,
  );
  const id = location_id ?? request.auth!.locationId;
  if (id === null || (await auth.permissionsAt(request.auth!.userId, id)) === null)
    throw new AppError('locationForbidden');
  return id;
}

export const rentalTypeQuery = z.object({ rental_type_id: z.coerce.number().int().positive().default(1) });
