import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { freePort } from '../src/db/embedded-postgres.ts';
import { upsertSsoProviders } from '../src/modules/auth/sso-service.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import { startOidcProvider, TEST_CLIENT, type LocalProvider } from './support/oidc-provider.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let idp: LocalProvider;
let lake: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await createLocation(tdb.db, 'Harbor');
  lake = await createLocation(tdb.db, 'Lake');
  await createUser(tdb.db, { email: 'guide@nine.test', locations: [lake] });
  await createUser(tdb.db, { email: 'sso-only@nine.test', locations: [lake] });
  await tdb.db.pool.query(
    `UPDATE users SET only_login_by_sso = true, sso_provider = 'local' WHERE email = 'sso-only@nine.test'`,
  );
  idp = await startOidcProvider(await freePort(), ['http://nine.test/api/nine/user/sso/callback']);
  await upsertSsoProviders(tdb.db, [
    { name: 'local', issuer: idp.issuer, ...TEST_CLIENT, email_domains: ['nine.test'] },
  ]);
  ({ app } = await createTestApp(tdb.db));
});
afterAll(async () => {
  await app.close();
  await idp.close();
  await tdb.drop();
});

/** Plays the browser at the provider: follows redirects with cookies and submits the dev login and consent forms. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      cookies.set(k!, v ?? '');
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.host === 'nine.test') return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(action, url).href;
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
  }
  throw new Error('too many hops at the provider');
}

async function ssoSignIn(login: string, hint = login) {
  const begin = await app.inject({
    method: 'POST',
    url: '/api/nine/user/sso/login',
    payload: { provider: 'local', email: hint, location_id: lake },
  });
  expect(begin.statusCode).toBe(200);
  const authorizationUrl: string = begin.json().data.authorization_url;
  expect(authorizationUrl).toContain('code_challenge_method=S256');
  const callback = await signInAtProvider(authorizationUrl, login);
  const back = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
  expect(back.statusCode).toBe(302);
  return new URL(back.headers.location as string, 'http://nine.test');
}

describe('single sign-on with OpenID Connect', () => {
  it('tells whether an address may or must use SSO and with which provider', async () => {
    const check = async (email: string) =>
      (await app.inject({ method: 'POST', url: `/api/nine/user/sso/check?email=${email}` })).json().data;
    expect(await check('guide@nine.test')).toEqual({ sso_enabled: true, required: false, provider: 'local' });
    expect(await check('sso-only@nine.test')).toEqual({
      sso_enabled: true,
      required: true,
      provider: 'local',
    });
    expect(await check('someone@elsewhere.test')).toEqual({
      sso_enabled: false,
      required: false,
      provider: null,
    });
  });

  it('runs the authorization-code flow with PKCE and ends signed in, in the chosen location, once', async () => {
    const signIn = await ssoSignIn('sso-only@nine.test');
    expect(signIn.pathname).toBe('/nine/auth/sso/sign-in');
    const code = signIn.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const done = await app.inject({ method: 'POST', url: '/api/nine/user/sso/complete', payload: { code } });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      user: { email: 'sso-only@nine.test' },
      location_id: lake,
      token_type: 'Bearer',
    });
    const token = done.json().data.token;
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/nine/locations',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    // The one-time code is spent.
    const again = await app.inject({ method: 'POST', url: '/api/nine/user/sso/complete', payload: { code } });
    expect(again.json().resp_code).toBe(1018);
    const audit = await tdb.db.pool.query(
      `SELECT data->>'how' AS how FROM audit_log WHERE action = 'login' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0].how).toBe('sso');
  });

  it('refuses a password sign-in for an SSO-only account', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/user/login',
      payload: { email: 'sso-only@nine.test', password: 'Secret-pass-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().resp_code).toBe(1017);
  });

  it('sends an identity with no Nine account back with an error and no code', async () => {
    const signIn = await ssoSignIn('stranger@nine.test');
    expect(signIn.searchParams.get('error')).toBe('no_matching_user');
    expect(signIn.searchParams.get('code')).toBeNull();
  });

  it('refuses a replayed or forged callback', async () => {
    const forged = await app.inject({
      method: 'GET',
      url: '/api/nine/user/sso/callback?code=abc&state=forged',
    });
    expect(new URL(forged.headers.location as string, 'http://nine.test').searchParams.get('error')).toBe(
      'unknown_or_expired_state',
    );
  });
});
