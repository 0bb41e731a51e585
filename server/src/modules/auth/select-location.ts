import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from './auth-service.ts';

const params = z.object({ id: z.coerce.number().int().positive() });

/** Spec section 7: changes the session's location; answers with the permissions there. */
export function registerSelectLocation(app: FastifyInstance, auth: AuthService): void {
  app.get('/api/nine/locations/:id/select', { config: { access: 'session' } }, async (request) => {
    const { id } = parse(params, request.params);
    const permissions = await auth.selectLocation(request.auth!, id);
    return {
      data: {
        location_id: id,
        permissions,
        resources: [...new Set(permissions.map((p) => p.resource))].sort(),
      },
    };
  });
}
