import { quietApi } from '../../../lib/api-client.ts';

/** The session is already cleared locally when this runs, so the token is passed explicitly. */
export async function logout(token: string): Promise<void> {
  await quietApi.post<unknown>('nine/user/logout', {
    headers: { authorization: `Bearer ${token}` },
    json: { token },
  });
}
