import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createDb, type Db } from '../src/db/pool.ts';
import { runExport } from '../src/modules/exports/export-runner.ts';
import { billDuePlans } from '../src/modules/recurring/recurring-billing.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Two server instances on one database, each with its own pool and job worker, as a shop that outgrows
 * one machine runs them: each background job still runs exactly once.
 */
let tdb: TestDatabase;
let second: Db;
let a: NineApp['app'];
let b: NineApp['app'];
let dir: string;
let headers: Record<string, string>;
let loc: number;
let cat: CatalogueFixture;

beforeAll(async () => {
  tdb = await createTestDatabase();
  second = createDb(tdb.url, 5);
  dir = await mkdtemp(join(tmpdir(), 'nine-two-'));
  loc = await createLocation(tdb.db, 'Twin');
  cat = await createCatalogue(tdb.db, loc);
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'customer', action: 'view' },
      { resource: 'rent_order', action: 'manage' },
    ],
  });
  ({ app: a } = await createTestApp(tdb.db, { exportsDir: dir }));
  ({ app: b } = await createTestApp(second, { exportsDir: dir }));
  headers = { authorization: `Bearer ${await login(a, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await a.close();
  await b.close();
  await second.close();
  await tdb.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('two server instances on one database', () => {
  it('run each queued export once, whichever instance takes it', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const app = i % 2 ? a : b;
      const res = await app.inject({
        method: 'POST',
        url: '/api/nine/exports',
        headers,
        payload: { list: 'customers', format: 'csv', description: `Twin ${i}`, filters: {} },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id as number);
    }
    for (let i = 0; i < 120; i++) {
      const { rows } = await tdb.db.pool.query(
        `SELECT count(*)::int AS n FROM exports WHERE id = ANY($1) AND status = 'in_progress'`,
        [ids],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const { rows } = await tdb.db.pool.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM exports WHERE id = ANY($1) ORDER BY id',
      [ids],
    );
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'ready'));
    expect(rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    expect((await readdir(dir)).length).toBe(ids.length);
  });

  it('a job handed to both instances at once is written by one of them', async () => {
    const { rows } = await tdb.db.pool.query<{ id: number }>(
      `INSERT INTO exports (user_id, location_id, list, format, description)
       SELECT id, $1, 'customers', 'csv', 'Both' FROM users WHERE email = 'clerk@nine.test' RETURNING id`,
      [loc],
    );
    const id = rows[0]!.id;
    const translate = (_lang: string, key: string) => key;
    await Promise.all([runExport(tdb.db, { dir, translate }, id), runExport(second, { dir, translate }, id)]);
    const after = await tdb.db.pool.query('SELECT status, attempts FROM exports WHERE id = $1', [id]);
    expect(after.rows[0]).toEqual({ status: 'ready', attempts: 1 });
  });

  it('bill each due recurring period once when both instances run the schedule together', async () => {
    const order = await a.inject({
      method: 'POST',
      url: '/api/nine/rent-orders',
      headers,
      payload: {
        customer_id: cat.customerId,
        planned_start: '2030-01-01T09:00:00Z',
        planned_finish: '2030-12-31T17:00:00Z',
        items: [{ item_id: cat.itemIds[0] }],
      },
    });
    expect(order.statusCode).toBe(201);
    const orderId = order.json().data.id as number;
    await tdb.db.pool.query(
      `INSERT INTO recurring_plans (order_id, frequency, next_invoice_date, active, created_by)
       SELECT $1, 'weekly', '2030-01-01', true, id FROM users WHERE email = 'clerk@nine.test'`,
      [orderId],
    );
    const [one, two] = await Promise.all([
      billDuePlans(tdb.db, '2030-01-29'),
      billDuePlans(second, '2030-01-29'),
    ]);
    // Five weekly periods from 1 to 29 January, each billed by exactly one of the two.
    expect(one + two).toBe(5);
    const { rows } = await tdb.db.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT period_start)::int AS d FROM recurring_invoices r
       JOIN recurring_plans p ON p.id = r.plan_id WHERE p.order_id = $1`,
      [orderId],
    );
    expect(rows[0]).toEqual({ n: 5, d: 5 });
  });
});
