import type { FastifyInstance } from 'fastify';
import { resetPasswordRequest } from '@nine/shared/schemas/auth';
import { parse } from '../../lib/validate.ts';
import type { PasswordService } from './password-service.ts';

export function registerResetPassword(app: FastifyInstance, passwords: PasswordService): void {
  app.post('/api/nine/user/reset-password', { config: { access: 'public' } }, async (request) => {
    const { token, password } = parse(resetPasswordRequest, request.body);
    await passwords.resetPassword(token, password);
    return { data: { ok: true } };
  });
}
