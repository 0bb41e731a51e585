import type { LoginResponse } from '@nine/shared/schemas/auth';
import { quietApi } from '../../../lib/api-client.ts';
import { parseLoginResponse } from './login.ts';

/** Trades the one-time code the server put in the sign-in URL for a session. */
export async function completeSso(code: string): Promise<LoginResponse> {
  return parseLoginResponse(await quietApi.post<unknown>('nine/user/sso/complete', { json: { code } }));
}
