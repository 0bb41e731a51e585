import type { FastifyInstance } from 'fastify';
import { changeExpiredPasswordRequest } from '@nine/shared/schemas/auth';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from './auth-service.ts';
import type { PasswordService } from './password-service.ts';

/** The password-expired screen: the current password proves who it is, the new one signs in. */
export function registerChangeExpiredPassword(
  app: FastifyInstance,
  auth: AuthService,
  passwords: PasswordService,
): void {
  app.post('/api/nine/user/password-expired', { config: { access: 'public' } }, async (request) => {
    const input = parse(changeExpiredPasswordRequest, request.body);
    const user = await auth.verifyCredentials(input.email, input.password);
    await passwords.setPassword(user.id, input.new_password, 'expired');
    const data = await auth.startSession(
      user,
      input.location_id,
      { userAgent: request.headers['user-agent'], ip: request.ip },
      'password-change',
    );
    return { data };
  });
}
