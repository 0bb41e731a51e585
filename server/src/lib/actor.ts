import type { FastifyRequest } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { RequestAuth } from '../plugins/access.ts';

/** Who acts in a request: the user and the location it works in. Services and audit rows take this. */
export interface Actor {
  userId: number;
  locationId: number;
}

/**
 * The caller of a route declared `'session'` or stronger (plugins/authenticate.ts set it before the
 * handler). Its location may be null: a session route does not need one.
 */
export function sessionOf(request: FastifyRequest): RequestAuth {
  // Only a route declared 'public' runs without it: reading it there is a programming error.
  if (!request.auth) throw new Error(`${request.method} ${request.url} reads the caller of a public route`);
  return request.auth;
}

/** The actor of a route declared `'location'` or a permission: the access check holds both. */
export function actorOf(request: FastifyRequest): Actor & Omit<RequestAuth, 'locationId'> {
  const auth = sessionOf(request);
  if (auth.locationId === null) throw new AppError('locationForbidden');
  return { ...auth, locationId: auth.locationId };
}
