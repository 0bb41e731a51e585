import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { billDuePlans } from '../src/modules/recurring/recurring-billing.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let headers: Record<string, string>;
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Long term');
  cat = await createCatalogue(tdb.db, loc);
  await createUser(tdb.db, {
    email: 'acc@nine.test',
    locations: [loc],
    grants: [
      { resource: 'sell_order', action: 'manage' },
      { resource: 'rent_order', action: 'manage' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'acc@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

describe('recurring orders', () => {
  it('starts auto billing where enabled, bills each due period exactly once, and lists the plan', async () => {
    const order = (
      await app.inject({
        method: 'POST',
        url: '/api/nine/rent-orders',
        headers,
        payload: {
          customer_id: cat.customerId,
          planned_start: '2030-01-01T09:00:00Z',
          planned_finish: '2030-12-31T17:00:00Z',
          items: [{ item_id: cat.itemIds[0] }],
        },
      })
    ).json().data;
    const start = { frequency: 'weekly', next_invoice_date: '2030-01-01' };
    const url = `/api/nine/rent-orders/${order.id}/auto-billing`;
    expect((await app.inject({ method: 'PUT', url, headers, payload: start })).json().data.reason).toBe(
      'recurring_disabled',
    );
    await q(
      `INSERT INTO activity_settings (location_id, rental_type_id, is_recurring_enabled) VALUES ($1, 1, true)`,
      [loc],
    );
    expect((await app.inject({ method: 'PUT', url, headers, payload: start })).statusCode).toBe(200);

    // Two instances run the scheduler at the same moment for 2030-01-15: three weeks are due, each billed once.
    const [a, b] = await Promise.all([
      billDuePlans(tdb.db, '2030-01-15'),
      billDuePlans(tdb.db, '2030-01-15'),
    ]);
    expect(a + b).toBe(3);
    expect(await billDuePlans(tdb.db, '2030-01-15')).toBe(0);
    const invoices = (
      await q(
        `SELECT billing_from::date::text AS f, total_minor FROM invoices WHERE order_id = $1 AND type = 'recurring' ORDER BY billing_from`,
        [order.id],
      )
    ).rows;
    expect(invoices.map((i) => i.f)).toEqual(['2030-01-01', '2030-01-08', '2030-01-15']);
    expect(invoices.every((i) => i.total_minor === 7 * 4000)).toBe(true);

    const list = (await app.inject({ method: 'GET', url: '/api/nine/recurring-orders', headers })).json()
      .data;
    expect(list).toEqual([
      expect.objectContaining({
        order_id: order.id,
        issued_invoice_count: 3,
        total_invoiced_minor: 3 * 28000,
        next_invoice_date: '2030-01-22',
        frequency: 'weekly',
      }),
    ]);
  });

  it('bills a calendar month for monthly plans', async () => {
    const order = (
      await app.inject({
        method: 'POST',
        url: '/api/nine/rent-orders',
        headers,
        payload: {
          customer_id: cat.customerId,
          planned_start: '2031-01-01T09:00:00Z',
          planned_finish: '2031-12-31T17:00:00Z',
          items: [{ item_id: cat.itemIds[1] }],
        },
      })
    ).json().data;
    await app.inject({
      method: 'PUT',
      url: `/api/nine/rent-orders/${order.id}/auto-billing`,
      headers,
      payload: { frequency: 'monthly', next_invoice_date: '2031-02-01' },
    });
    // The first test's weekly plan would be due 54 more times by then: pause it to look at this one.
    await q(`UPDATE recurring_plans SET active = false WHERE order_id <> $1`, [order.id]);
    expect(await billDuePlans(tdb.db, '2031-02-01')).toBe(1);
    const inv = (
      await q(
        `SELECT billing_to::date::text AS t, total_minor FROM invoices WHERE order_id = $1 AND type = 'recurring'`,
        [order.id],
      )
    ).rows[0];
    expect(inv).toEqual({ t: '2031-03-01', total_minor: 28 * 4000 });
  });
});
