import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth-service.ts';
import { actorOf } from '../../lib/actor.ts';

/** Spec section 7: the caller's permissions in the request's location, and the resource names. */
export function registerLocationPermissions(app: FastifyInstance, auth: AuthService): void {
  app.get('/api/nine/user/location-permissions', { config: { access: 'location' } }, async (request) => {
    const { userId, locationId } = actorOf(request);
    const permissions = (await auth.permissionsAt(userId, locationId!)) ?? [];
    return { data: { permissions, resources: [...new Set(permissions.map((p) => p.resource))].sort() } };
  });
}
