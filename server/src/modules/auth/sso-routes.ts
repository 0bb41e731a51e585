import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ssoCompleteRequest, ssoLoginRequest } from '@nine/shared/schemas/auth';
import { parse } from '../../lib/validate.ts';
import type { SsoService } from './sso-service.ts';

const checkQuery = z.object({ email: z.string().trim().toLowerCase().email().max(254).optional() });

/** Spec section 7: sso/check and sso/login, plus the provider's callback and the code exchange. */
export function registerSso(app: FastifyInstance, sso: SsoService, publicUrl: string): void {
  app.post('/api/nine/user/sso/check', { config: { access: 'public' } }, async (request) => {
    const { email } = parse(checkQuery, request.query);
    return { data: await sso.check(email) };
  });

  app.post('/api/nine/user/sso/login', { config: { access: 'public' } }, async (request) => {
    const input = parse(ssoLoginRequest, request.body);
    return { data: await sso.begin(input) };
  });

  app.get('/api/nine/user/sso/callback', { config: { access: 'public' } }, async (request, reply) => {
    const target = await sso.callback(new URL(request.url, publicUrl));
    return reply.redirect(target);
  });

  app.post('/api/nine/user/sso/complete', { config: { access: 'public' } }, async (request) => {
    const { code } = parse(ssoCompleteRequest, request.body);
    return { data: await sso.complete(code, { userAgent: request.headers['user-agent'], ip: request.ip }) };
  });
}
