import { loginResponse, type LoginResponse } from '@nine/shared/schemas/auth';
import { api, invalidResponse } from '../../../lib/api-client.ts';

export interface Credentials {
  email: string;
  password: string;
}

export async function login(credentials: Credentials): Promise<LoginResponse> {
  const data = await api.post<unknown>('nine/user/login', { json: credentials });
  const parsed = loginResponse.safeParse(data);
  if (!parsed.success) throw invalidResponse();
  return parsed.data;
}
