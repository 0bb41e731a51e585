import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];

beforeAll(async () => {
  tdb = await createTestDatabase();
  const loc = await createLocation(tdb.db, 'Only');
  await createUser(tdb.db, { email: 'a@nine.test', locations: [loc] });
  ({ app } = await createTestApp(tdb.db));
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

describe('envelopes', () => {
  it('answers unknown /api routes with a 404 envelope in the asked language', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/nine/nothing-here',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      resp_code: 1004,
      resp_message: 'Nous n’avons pas trouvé ce que vous cherchiez.',
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('reports the database in /api/health', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('turns an unexpected failure into a 500 that leaks nothing, and health into 503', async () => {
    const other = await createTestDatabase();
    const broken = await createTestApp(other.db);
    try {
      // A second app on its own database, broken under it after sign-in.
      const loc = await createLocation(other.db, 'B');
      await createUser(other.db, { email: 'b@nine.test', locations: [loc] });
      const t2 = await login(broken.app, 'b@nine.test');
      await other.db.pool.query('DROP TABLE payments CASCADE');
      const res = await broken.app.inject({
        method: 'GET',
        url: '/api/nine/dashboard/summary',
        headers: { authorization: `Bearer ${t2}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        resp_code: 1000,
        resp_message: 'There appears to be problem fetching data.',
      });
      expect(res.body).not.toMatch(/payments|relation|sql/i);
      await other.db.pool.end();
      const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().data.database).toBe('down');
    } finally {
      await broken.app.close();
      await other.drop().catch(() => {});
    }
  });
});
