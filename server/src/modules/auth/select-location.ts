import type { FastifyInstance } from 'fastify';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from './auth-service.ts';
import { sessionOf } from '../../lib/actor.ts';
import { idParams } from '../../lib/id-param.ts';

/** Spec section 7: changes the session's location; answers with the permissions there. */
export function registerSelectLocation(app: FastifyInstance, auth: AuthService): void {
  app.get('/api/nine/locations/:id/select', { config: { access: 'session' } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const permissions = await auth.selectLocation(sessionOf(request), id);
    return {
      data: {
        location_id: id,
        permissions,
        resources: [...new Set(permissions.map((p) => p.resource))].sort(),
      },
    };
  });
}
