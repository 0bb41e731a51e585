import type { LoginResponse } from '@nine/shared/schemas/auth';
import { quietApi } from '../../../lib/api-client.ts';
import { parseLoginResponse } from './login.ts';

export interface ExpiredPasswordChange {
  email: string;
  password: string;
  newPassword: string;
}

/** The current password proves who it is; the new one, once the policy accepts it, signs the user in. */
export async function changeExpiredPassword(change: ExpiredPasswordChange): Promise<LoginResponse> {
  const data = await quietApi.post<unknown>('nine/user/password-expired', {
    json: { email: change.email, password: change.password, new_password: change.newPassword },
  });
  return parseLoginResponse(data);
}
