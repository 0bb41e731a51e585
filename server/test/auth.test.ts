import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let harbor: number;
let lake: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  harbor = await createLocation(tdb.db, 'Harbor');
  lake = await createLocation(tdb.db, 'Lake');
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [harbor, lake],
    grants: [{ resource: 'rent_order', action: 'view' }],
  });
  await createUser(tdb.db, { email: 'gone@nine.test', locations: [harbor], status: 'inactive' });
  ({ app } = await createTestApp(tdb.db));
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

describe('POST /api/nine/user/login', () => {
  it('signs in, returns a bearer token with expires_in and the user’s locations, and stores only its hash', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/user/login',
      payload: { email: 'Clerk@Nine.test', password: 'Secret-pass-1', location_id: lake },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.token_type).toBe('Bearer');
    expect(data.expires_in).toBe(3600);
    expect(data.user.email).toBe('clerk@nine.test');
    expect(data.locations.map((l: { name: string }) => l.name)).toEqual(['Harbor', 'Lake']);
    expect(data.location_id).toBe(lake);

    const { rows } = await tdb.db.pool.query(
      'SELECT token_hash, location_id, expires_at - created_at AS ttl FROM sessions',
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.compare(rows[0].token_hash, hashToken(data.token))).toBe(0);
    expect(rows[0].token_hash.toString()).not.toContain(data.token);
    const audit = await tdb.db.pool.query(`SELECT action FROM audit_log WHERE entity_type = 'user'`);
    expect(audit.rows.map((r) => r.action)).toContain('login');
  });

  it('answers 401 with code 1010 and a translated message for a wrong password or unknown e-mail', async () => {
    for (const payload of [
      { email: 'clerk@nine.test', password: 'wrong' },
      { email: 'nobody@nine.test', password: 'Secret-pass-1' },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/nine/user/login',
        payload,
        headers: { 'accept-language': 'es-ES' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        resp_code: 1010,
        resp_message: 'El correo electrónico o la contraseña no son correctos.',
      });
    }
  });

  it('refuses an inactive account with 403 and code 1011', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/user/login',
      payload: { email: 'gone@nine.test', password: 'Secret-pass-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().resp_code).toBe(1011);
  });

  it('rejects malformed input with 400, code 1001 and the field issues, creating no session', async () => {
    const before = await tdb.db.pool.query('SELECT count(*)::int AS n FROM sessions');
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/user/login',
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.resp_code).toBe(1001);
    expect(body.data.issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'password']);
    const after = await tdb.db.pool.query('SELECT count(*)::int AS n FROM sessions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('answers a body that is not JSON with a 400 envelope', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/user/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_code).toBe(1001);
  });
});

describe('sessions', () => {
  it('logout revokes the token: the next call with it is 401', async () => {
    const token = await login(app, 'clerk@nine.test');
    const auth = { authorization: `Bearer ${token}` };
    expect((await app.inject({ method: 'GET', url: '/api/nine/locations', headers: auth })).statusCode).toBe(
      200,
    );
    const out = await app.inject({ method: 'POST', url: '/api/nine/user/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/nine/locations', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().resp_code).toBe(1002);
  });

  it('an expired session is refused', async () => {
    const token = await login(app, 'clerk@nine.test');
    await tdb.db.pool.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(token)],
    );
    const res = await app.inject({
      method: 'GET',
      url: '/api/nine/locations',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a deactivated user’s open session ends at once', async () => {
    const token = await login(app, 'clerk@nine.test');
    await tdb.db.pool.query(`UPDATE users SET status = 'inactive' WHERE email = 'clerk@nine.test'`);
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/nine/locations',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await tdb.db.pool.query(`UPDATE users SET status = 'active' WHERE email = 'clerk@nine.test'`);
    }
  });

  it('a location the user holds no role in is refused with 1009', async () => {
    const other = await createLocation(tdb.db, 'Elsewhere');
    const token = await login(app, 'clerk@nine.test');
    const res = await app.inject({
      method: 'GET',
      url: '/api/nine/user/location-permissions',
      headers: { authorization: `Bearer ${token}`, 'location-id': String(other) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().resp_code).toBe(1009);
  });

  it('lists the caller’s permissions for the location in the header', async () => {
    const token = await login(app, 'clerk@nine.test');
    const res = await app.inject({
      method: 'GET',
      url: '/api/nine/user/location-permissions',
      headers: { authorization: `Bearer ${token}`, 'location-id': String(harbor) },
    });
    expect(res.json().data).toEqual({
      permissions: [{ resource: 'rent_order', action: 'view' }],
      resources: ['rent_order'],
    });
  });
});

describe('the locations a user works at', () => {
  it('carry their time zone in the login answer and the locations list, so the web shows their clock', async () => {
    await tdb.db.pool.query(`UPDATE locations SET time_zone = 'Europe/Madrid' WHERE id = $1`, [harbor]);
    await tdb.db.pool.query(`UPDATE locations SET time_zone = 'America/Los_Angeles' WHERE id = $1`, [lake]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/user/login',
      payload: { email: 'clerk@nine.test', password: 'Secret-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    const expected = [
      { id: harbor, name: 'Harbor', time_zone: 'Europe/Madrid' },
      { id: lake, name: 'Lake', time_zone: 'America/Los_Angeles' },
    ];
    expect(res.json().data.locations).toEqual(expected);
    const list = await app.inject({
      method: 'GET',
      url: '/api/nine/locations',
      headers: { authorization: `Bearer ${res.json().data.token}` },
    });
    expect(list.json().data).toEqual(expected);
  });
});
