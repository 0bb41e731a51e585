import type { FastifyInstance } from 'fastify';
import { loginRequest } from '@nine/shared/schemas/auth';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from './auth-service.ts';

export function registerLogin(app: FastifyInstance, auth: AuthService): void {
  app.post('/api/nine/user/login', { config: { access: 'public' } }, async (request) => {
    const input = parse(loginRequest, request.body);
    const data = await auth.login(input, { userAgent: request.headers['user-agent'], ip: request.ip });
    return { data };
  });
}
