import type { Requirement, Resource } from '@nine/shared/permissions';

/**
 * What a route needs, declared in its `config.access`. Every /api route must declare one: the app
 * refuses to start otherwise, so a route cannot be left open by forgetting a guard.
 * - public: no token.
 * - session: a valid token; no location needed (e.g. listing the user's locations).
 * - location: a valid token and a location the user may work in.
 * - a Requirement: all of the above plus the permission in that location.
 * - { anyOf }: as a Requirement, satisfied by any one of several (e.g. rent_order or sell_order).
 */
export type Access = 'public' | 'session' | 'location' | Requirement | { anyOf: Requirement[] };

/** The view and change requirements of one resource, the pair most routes of a feature declare. */
export function accessTo(resource: Resource): { view: Requirement; change: Requirement } {
  return { view: { resource, action: 'view' }, change: { resource, action: 'change' } };
}

export interface RequestAuth {
  userId: number;
  sessionId: number;
  /** The location the request works in: the `location-id` header, else the session's. */
  locationId: number | null;
  tokenHash: Buffer;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}
