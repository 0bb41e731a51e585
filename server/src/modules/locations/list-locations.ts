import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.ts';
import { sessionOf } from '../../lib/actor.ts';

/** The locations the caller may work in (spec: data is a list of locations). */
export function registerListLocations(app: FastifyInstance, auth: AuthService): void {
  app.get('/api/nine/locations', { config: { access: 'session' } }, async (request) => {
    return { data: await auth.locationsOf(sessionOf(request).userId) };
  });
}
