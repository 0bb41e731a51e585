import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './staff-user.ts';

/** A spec user's bearer token at a location, for calls the screens under test do not make. */
export async function apiHeaders(
  request: APIRequestContext,
  email: string,
  locationId: number,
): Promise<Record<string, string>> {
  const login = await request.post('/api/nine/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { data } = (await login.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}`, 'location-id': String(locationId) };
}
