import type { FastifyInstance } from 'fastify';
import { resetPasswordLinkRequest } from '@nine/shared/schemas/auth';
import { requestLanguage } from '../../lib/request-language.ts';
import { parse } from '../../lib/validate.ts';
import type { PasswordService } from './password-service.ts';

export function registerResetPasswordLink(app: FastifyInstance, passwords: PasswordService): void {
  app.post('/api/nine/user/reset-password-link', { config: { access: 'public' } }, async (request) => {
    const { email } = parse(resetPasswordLinkRequest, request.body);
    await passwords.requestReset(email, requestLanguage(request));
    // The same answer whether or not the address exists, so it cannot be used to probe for accounts.
    return { data: { ok: true } };
  });
}
