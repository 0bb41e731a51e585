import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/access.ts';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Table-driven: for every /api route the app registered, prove 401 without a token, 403 without the
 * permission or location, and success with them. A new route is covered the moment it exists.
 */
let tdb: TestDatabase;
let nine: NineApp;
let allowed: string;
let powerless: string;
let home: number;
let foreign: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  home = await createLocation(tdb.db, 'Home');
  foreign = await createLocation(tdb.db, 'Foreign');
  const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
  await createUser(tdb.db, { email: 'all@nine.test', locations: [home], grants: everything });
  await createUser(tdb.db, { email: 'none@nine.test', locations: [home, foreign], grants: [] });
  await createUser(tdb.db, { email: 'foreign@nine.test', locations: [foreign], grants: everything });
  nine = await createTestApp(tdb.db);
  allowed = await login(nine.app, 'all@nine.test');
  powerless = await login(nine.app, 'none@nine.test');
});
afterAll(async () => {
  await nine.app.close();
  await tdb.drop();
});

const kind = (a: Access) => (typeof a === 'string' ? a : 'permission');

/** A valid request for routes that need parameters or a body; the rest are called bare. */
const samples = (): Record<string, { url?: string; payload?: object }> => ({
  'GET /api/nine/locations/:id/select': { url: `/api/nine/locations/${home}/select` },
  'POST /api/nine/set-as-kiosk': { payload: { used_in_store: true } },
});
const request = (route: { method: string; url: string }) => {
  const sample = samples()[`${route.method} ${route.url}`] ?? {};
  return {
    method: route.method as 'GET',
    url: sample.url ?? route.url,
    ...(sample.payload ? { payload: sample.payload } : {}),
  };
};

describe('every /api route enforces its declared access', () => {
  it('registers routes of every kind', () => {
    const kinds = new Set(nine.routes.map((r) => kind(r.access)));
    expect(kinds).toContain('public');
    expect(kinds).toContain('session');
    expect(kinds).toContain('location');
  });

  it('answers 401 without a token and with a forged one on every protected route', async () => {
    const protectedRoutes = nine.routes.filter((r) => r.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      for (const headers of [{}, { authorization: 'Bearer forged-token' }, { authorization: 'Basic abc' }]) {
        const res = await nine.app.inject({ ...request(route), headers });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().resp_code).toBe(1002);
      }
    }
  });

  it('answers 403 outside the caller’s locations and without the permission', async () => {
    for (const route of nine.routes.filter((r) => r.access !== 'public' && r.access !== 'session')) {
      const out = await nine.app.inject({
        ...request(route),
        headers: { authorization: `Bearer ${allowed}`, 'location-id': String(foreign) },
      });
      expect(out.statusCode, `${route.method} ${route.url} in a foreign location`).toBe(403);
      if (kind(route.access) === 'permission') {
        const res = await nine.app.inject({
          ...request(route),
          headers: { authorization: `Bearer ${powerless}`, 'location-id': String(home) },
        });
        expect(res.statusCode, `${route.method} ${route.url} without permission`).toBe(403);
      }
    }
  });

  it('succeeds with a token, the location and the permission', async () => {
    for (const route of nine.routes.filter((r) => r.access !== 'public')) {
      // Logout would end the shared session: give it its own.
      const token = route.url.endsWith('/logout') ? await login(nine.app, 'all@nine.test') : allowed;
      const res = await nine.app.inject({
        ...request(route),
        headers: { authorization: `Bearer ${token}`, 'location-id': String(home) },
      });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(200);
    }
  });
});
