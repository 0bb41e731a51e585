import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth-service.ts';
import { sessionOf } from '../../lib/actor.ts';

export function registerLogout(app: FastifyInstance, auth: AuthService): void {
  app.post('/api/nine/user/logout', { config: { access: 'session' } }, async (request) => {
    await auth.logout(sessionOf(request));
    return { data: { ok: true } };
  });
}
