import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { DEFAULT_DB_LIMITS } from '../src/db/pool.ts';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// What was paid on each order and how many of its invoices are unbalanced are kept on the order by triggers
// (migration 0024), for the order lists' balance filters. These tests hold them to fresh sums: after
// parallel payments and refunds on one order, and through the lists' filters.

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let boss: Record<string, string>;

const q = <R extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  tdb.db.pool.query<R>(sql, params).then((r) => r.rows);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  // The production pool size, so the parallel requests really overlap.
  tdb = await createTestDatabase('nine_template', DEFAULT_DB_LIMITS);
  loc = await createLocation(tdb.db, 'Till');
  cat = await createCatalogue(tdb.db, loc, { items: 2, saleStock: 100_000, bulkStock: 1000 });
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  boss = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = async (url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, payload, headers: boss });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total_minor: number };
};
const sale = (quantity: number) =>
  post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity }] });
const pay = (orderId: number, amount: number) =>
  post('/api/nine/payments', { order_id: orderId, method: 'cash', amount_minor: amount });

/** The kept figures of the orders beside fresh sums of their payments, refunds and invoices. */
const keptAndFresh = (ids: number[]) =>
  q<{
    id: number;
    paid_minor: number;
    fresh_paid: number;
    unbalanced_invoices: number;
    fresh_unbalanced: number;
  }>(
    `SELECT o.id, o.paid_minor, o.unbalanced_invoices,
            (coalesce((SELECT sum(p.amount_minor) FROM payments p WHERE p.order_id = o.id), 0)
             - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id
                         WHERE p.order_id = o.id), 0))::bigint AS fresh_paid,
            (SELECT count(*) FROM invoices i WHERE i.order_id = o.id AND i.total_minor <>
               coalesce((SELECT sum(p.amount_minor) FROM payments p WHERE p.invoice_id = i.id), 0)
               - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id
                           WHERE p.invoice_id = i.id), 0))::int AS fresh_unbalanced
     FROM orders o WHERE o.id = ANY ($1::bigint[]) ORDER BY o.id`,
    [ids],
  );

async function expectIntegrity() {
  const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
  expect(broken).toEqual([]);
}

describe('the paid amount kept per order', () => {
  it('counts every one of many payments and refunds made on one order at once', async () => {
    const order = await sale(40);
    const amounts = Array.from({ length: 30 }, (_, i) => 100 + i);
    const results = await Promise.all(
      amounts.map((amount) =>
        app.inject({
          method: 'POST',
          url: '/api/nine/payments',
          payload: { order_id: order.id, method: 'cash', amount_minor: amount },
          headers: boss,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    const taken = results.filter((r) => r.statusCode === 201).map((r) => r.json().data as { id: number });
    expect(taken.length).toBe(amounts.length);

    const refunds = await Promise.all(
      taken.slice(0, 10).map((p) =>
        app.inject({
          method: 'POST',
          url: `/api/nine/payments/${p.id}/refunds`,
          payload: { amount_minor: 50, reason: 'Price match' },
          headers: boss,
        }),
      ),
    );
    expect(refunds.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);

    const [row] = await keptAndFresh([order.id]);
    expect(row!.fresh_paid).toBeGreaterThan(0);
    expect(row!.paid_minor).toBe(row!.fresh_paid);
    expect(row!.unbalanced_invoices).toBe(row!.fresh_unbalanced);
    await expectIntegrity();
  });

  it('is counted afresh by the bulk-load rebuild', async () => {
    const order = await sale(3);
    await pay(order.id, 500);
    await q('UPDATE orders SET paid_minor = 0, unbalanced_invoices = 7 WHERE id = $1', [order.id]);
    const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0).map((r) => r.name);
    expect(broken).toEqual(['order_paid_drift', 'order_unbalanced_drift']);

    await q('SELECT rebuild_derived_tables()');
    const [row] = await keptAndFresh([order.id]);
    expect(row!.paid_minor).toBe(500);
    expect(row!.unbalanced_invoices).toBe(row!.fresh_unbalanced);
    await expectIntegrity();
  });
});

describe('the order lists filter by the kept figures', () => {
  it('paid, partially paid, unpaid and not balanced list the orders fresh sums say', async () => {
    const unpaid = await sale(2);
    const partly = await sale(2);
    await pay(partly.id, 100);
    const whole = await sale(1);
    await pay(whole.id, whole.total_minor);
    const refunded = await sale(1);
    const payment = await pay(refunded.id, refunded.total_minor);
    await post(`/api/nine/payments/${payment.id}/refunds`, { amount_minor: 10, reason: 'Scratched' });
    const mine = [unpaid.id, partly.id, whole.id, refunded.id];

    const ids = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/nine/sale-orders?page_size=200&${query}`,
        headers: boss,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as {
        rows: { id: number; paid_minor: number; flags: { not_balanced: boolean } }[];
      };
      return data.rows.filter((r) => mine.includes(r.id));
    };
    const fresh = await keptAndFresh(mine);
    const total = new Map([unpaid, partly, whole, refunded].map((o) => [o.id, o.total_minor]));
    const expected = (test: (paid: number, total: number) => boolean) =>
      fresh.filter((r) => test(r.fresh_paid, total.get(r.id)!)).map((r) => r.id);
    const sorted = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

    expect(sorted(await ids('invoice_balance_status=paid'))).toEqual(expected((p, t) => t > 0 && p >= t));
    expect(sorted(await ids('invoice_balance_status=partially_paid'))).toEqual(
      expected((p, t) => p > 0 && p < t),
    );
    expect(sorted(await ids('invoice_balance_status=unpaid'))).toEqual(expected((p, t) => t > 0 && p <= 0));
    expect(sorted(await ids('invoice_balance_status=partially_paid'))).toEqual([partly.id, refunded.id]);

    const unbalanced = fresh.filter((r) => r.fresh_unbalanced > 0).map((r) => r.id);
    expect(unbalanced.length).toBeGreaterThan(0);
    expect(sorted(await ids('has_unbalanced_invoice=true'))).toEqual(unbalanced);
    expect(sorted(await ids('f_flags=not_balanced'))).toEqual(unbalanced);
    expect(sorted(await ids('has_unbalanced_invoice=false'))).toEqual(
      mine.filter((id) => !unbalanced.includes(id)),
    );

    // The rows show the same figures: what was paid and the flag.
    for (const row of await ids('')) {
      const f = fresh.find((r) => r.id === row.id)!;
      expect(row.paid_minor).toBe(f.fresh_paid);
      expect(row.flags.not_balanced).toBe(f.fresh_unbalanced > 0);
    }
  });
});

describe('the settlement row follows its invoice', () => {
  it('carries the invoice’s order, location and list for the paid and balance sorts', async () => {
    const order = await sale(1);
    // The payment bills the order: its invoice and settlement row come with it.
    await pay(order.id, 100);
    const rows = await q<{ order_id: number; location_id: number; list: string }>(
      `SELECT s.order_id, s.location_id, s.list FROM invoice_settlements s JOIN invoices i ON i.id = s.invoice_id
       WHERE i.order_id = $1`,
      [order.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r) => Number(r.order_id) === order.id && r.location_id === loc && r.list === 'sale'),
    ).toBe(true);
    await expectIntegrity();
  });
});
