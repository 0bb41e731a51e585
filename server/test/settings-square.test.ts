import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, type Permission } from '@nine/shared/permissions';
import type { NineApp } from '../src/app.ts';
import { createSecretBox, secretBoxFromEnv } from '../src/lib/secret-box.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Location settings, "Square" (issue #18): terminal credentials per location; the access token is sealed
 * with the server key, never answered, audited only as changed.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let main: number;
let branch: number;
let viewer: Record<string, string>;
let admin: Record<string, string>;

const TOKEN = 'EAAAl-sandbox-test-token-0123456789abcdWXYZ';
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  tdb = await createTestDatabase();
  main = await createLocation(tdb.db, 'Main street');
  branch = await createLocation(tdb.db, 'Branch');
  await createUser(tdb.db, { email: 'admin@nine.test', locations: [main, branch], grants: everything });
  await createUser(tdb.db, {
    email: 'viewer@nine.test',
    locations: [main],
    grants: [{ resource: 'location_setting', action: 'view' }],
  });
  ({ app } = await createTestApp(tdb.db));
  admin = { authorization: `Bearer ${await login(app, 'admin@nine.test')}`, 'location-id': String(main) };
  viewer = { authorization: `Bearer ${await login(app, 'viewer@nine.test')}`, 'location-id': String(main) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const call = (method: 'GET' | 'PUT', url: string, payload?: object, headers = admin) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const read = async (location = main, headers = admin) =>
  (await call('GET', `/api/nine/square-settings?location_id=${location}`, undefined, headers)).json().data;

describe('square settings', () => {
  it('answers the defaults at version 1, then saves the ids and seals the token', async () => {
    expect(await read()).toEqual({
      location_id: main,
      environment: 'sandbox',
      application_id: null,
      square_location_id: null,
      device_id: null,
      has_access_token: false,
      access_token_last4: null,
      version: 1,
    });
    const res = await call('PUT', '/api/nine/square-settings', {
      version: 1,
      environment: 'sandbox',
      application_id: 'sandbox-sq0idb-abc123',
      square_location_id: 'LH2G3ABCDEF',
      device_id: 'device:995CS397A6475287',
      access_token: TOKEN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(TOKEN);
    expect(res.json().data).toMatchObject({
      application_id: 'sandbox-sq0idb-abc123',
      device_id: 'device:995CS397A6475287',
      has_access_token: true,
      access_token_last4: 'WXYZ',
      version: 2,
    });
    const raw = (await q('SELECT * FROM location_square WHERE location_id = $1', [main])).rows[0];
    // At rest: ciphertext only, which the server key opens and another key cannot.
    expect(JSON.stringify(raw)).not.toContain(TOKEN);
    expect(JSON.stringify(raw)).not.toContain('sandbox-test-token');
    expect(secretBoxFromEnv({ NODE_ENV: 'test' })!.open(raw.access_token_encrypted)).toBe(TOKEN);
    expect(() => createSecretBox(randomBytes(32)).open(raw.access_token_encrypted)).toThrow();
    // The audit says it changed, not to what.
    const audit = await q(`SELECT data::text AS data FROM audit_log WHERE entity_id = $1 ORDER BY id`, [
      `location_square:${main}`,
    ]);
    expect(audit.rows.length).toBe(1);
    expect(audit.rows[0].data).not.toContain(TOKEN);
    expect(audit.rows[0].data).not.toContain('WXYZ');
    expect(JSON.parse(audit.rows[0].data).new).toMatchObject({ access_token_encrypted: '(changed)' });
  });

  it('keeps the token when a save omits it or sends it again, and clears it on request', async () => {
    const before = (
      await q('SELECT access_token_encrypted FROM location_square WHERE location_id = $1', [main])
    ).rows[0].access_token_encrypted;
    const kept = await call('PUT', '/api/nine/square-settings', {
      version: (await read()).version,
      environment: 'production',
      access_token: '',
    });
    expect(kept.json().data).toMatchObject({ environment: 'production', has_access_token: true });
    const again = await call('PUT', '/api/nine/square-settings', {
      version: kept.json().data.version,
      access_token: TOKEN,
    });
    // The same token typed again is no change: same version, same sealed text.
    expect(again.json().data.version).toBe(kept.json().data.version);
    const after = (
      await q('SELECT access_token_encrypted FROM location_square WHERE location_id = $1', [main])
    ).rows[0].access_token_encrypted;
    expect(after).toBe(before);
    const cleared = await call('PUT', '/api/nine/square-settings', {
      version: again.json().data.version,
      clear_access_token: true,
    });
    expect(cleared.json().data).toMatchObject({ has_access_token: false, access_token_last4: null });
  });

  it('refuses a stale version, bad ids, and a location where the caller holds no right', async () => {
    const stale = await call('PUT', '/api/nine/square-settings', { version: 1, device_id: 'device:1' });
    expect(stale.statusCode).toBe(409);
    const bad = await call('PUT', '/api/nine/square-settings', {
      version: (await read()).version,
      device_id: 'not valid id',
    });
    expect(bad.statusCode).toBe(400);
    const short = await call('PUT', '/api/nine/square-settings', {
      version: (await read()).version,
      access_token: 'abc',
    });
    expect(short.statusCode).toBe(400);
    // A viewer reads (never the token) but cannot save, nor read another location.
    expect(await read(main, viewer)).toMatchObject({ has_access_token: false });
    const refused = await call('PUT', '/api/nine/square-settings', { version: 1 }, viewer);
    expect(refused.statusCode).toBe(403);
    const foreign = await call('GET', `/api/nine/square-settings?location_id=${branch}`, undefined, viewer);
    expect(foreign.statusCode).toBe(403);
  });
});

describe('without NINE_SECRET_KEY in production', () => {
  it('refuses to store a token (1625) and still saves the other fields', async () => {
    // The key is read when the app is built: a second app built as production without one.
    const saved = { env: process.env.NODE_ENV, key: process.env.NINE_SECRET_KEY };
    process.env.NODE_ENV = 'production';
    delete process.env.NINE_SECRET_KEY;
    const bare = await createTestApp(tdb.db).finally(() => {
      process.env.NODE_ENV = saved.env;
      if (saved.key !== undefined) process.env.NINE_SECRET_KEY = saved.key;
    });
    try {
      const headers = { ...admin, 'location-id': String(branch) };
      const put = (payload: object) =>
        bare.app.inject({ method: 'PUT', url: '/api/nine/square-settings', headers, payload });
      const refused = await put({ version: 1, access_token: TOKEN });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().resp_code).toBe(1625);
      const ok = await put({ version: 1, application_id: 'sq0idp-prod' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ application_id: 'sq0idp-prod', has_access_token: false });
    } finally {
      await bare.app.close();
    }
  });
});
