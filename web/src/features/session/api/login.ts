import { loginResponse, type LoginResponse } from '@nine/shared/schemas/auth';
import { invalidResponse, quietApi } from '../../../lib/api-client.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** Every way of signing in answers a login response; anything else is a broken server. */
export function parseLoginResponse(data: unknown): LoginResponse {
  const parsed = loginResponse.safeParse(data);
  if (!parsed.success) throw invalidResponse();
  return parsed.data;
}

/** The login form shows the failure itself, so the quiet client. */
export async function login(credentials: Credentials): Promise<LoginResponse> {
  return parseLoginResponse(await quietApi.post<unknown>('nine/user/login', { json: credentials }));
}
