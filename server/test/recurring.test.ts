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

    const list = (await app.inject({ method: 'GET', url: '/api/nine/recurring-orders', headers })).json().data
      .rows;
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

  it('answers one plan for the modal, and null for an order never billed', async () => {
    const order = (
      await app.inject({
        method: 'POST',
        url: '/api/nine/rent-orders',
        headers,
        payload: {
          customer_id: cat.customerId,
          planned_start: '2032-01-01T09:00:00Z',
          planned_finish: '2032-03-31T17:00:00Z',
          items: [{ item_id: cat.itemIds[2] }],
        },
      })
    ).json().data;
    const url = `/api/nine/rent-orders/${order.id}/auto-billing`;
    const before = await app.inject({ method: 'GET', url, headers });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toBeNull();
    await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { frequency: 'biweekly', next_invoice_date: '2032-01-15' },
    });
    expect((await app.inject({ method: 'GET', url, headers })).json().data).toEqual({
      order_id: order.id,
      frequency: 'biweekly',
      next_invoice_date: '2032-01-15',
      active: true,
      issued_invoice_count: 0,
    });
    // An order that is not at this location (or does not exist) is not found.
    expect(
      (await app.inject({ method: 'GET', url: '/api/nine/rent-orders/999999/auto-billing', headers }))
        .statusCode,
    ).toBe(404);
  });

  it('pages and sorts the active plans on the server', async () => {
    await q(`UPDATE recurring_plans SET active = true`);
    const plans = (
      await q(
        `SELECT o.number, p.next_invoice_date::text AS next FROM recurring_plans p JOIN orders o ON o.id = p.order_id ORDER BY o.number`,
      )
    ).rows as { number: number; next: string }[];
    expect(plans.length).toBe(3);
    const get = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/nine/recurring-orders?${query}`, headers })).json().data;

    const byNumberDesc = await get('sort=order_number&sort_type=desc&page_size=2');
    expect(byNumberDesc.total).toBe(3);
    expect(byNumberDesc.rows.map((r: { order_number: number }) => r.order_number)).toEqual([
      plans[2]!.number,
      plans[1]!.number,
    ]);
    const second = await get('sort=order_number&sort_type=desc&page_size=2&page=2');
    expect(second.rows.map((r: { order_number: number }) => r.order_number)).toEqual([plans[0]!.number]);

    const byIssued = await get('sort=issued_invoice_count&sort_type=desc');
    expect(byIssued.rows[0].issued_invoice_count).toBe(3);
    const byNext = await get('sort=next_invoice_date');
    const dates = byNext.rows.map((r: { next_invoice_date: string }) => r.next_invoice_date);
    expect(dates).toEqual([...dates].sort());

    // A paused plan leaves the active list.
    await q(`UPDATE recurring_plans SET active = false WHERE next_invoice_date = $1`, [dates[0]]);
    expect((await get('')).total).toBe(2);
    const bad = await app.inject({ method: 'GET', url: '/api/nine/recurring-orders?sort=secret', headers });
    expect(bad.statusCode).toBe(400);
  });
});
