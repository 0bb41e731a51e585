import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth-service.ts';

export function registerLogout(app: FastifyInstance, auth: AuthService): void {
  app.post('/api/nine/user/logout', { config: { access: 'session' } }, async (request) => {
    await auth.logout(request.auth!);
    return { data: { ok: true } };
  });
}
