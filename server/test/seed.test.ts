import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/seed/seed-demo.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

const NOW = new Date('2026-11-21T18:00:00Z');
let a: TestDatabase;
let b: TestDatabase;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([seedDemoData(a.db, { scale: 1, now: NOW }), seedDemoData(b.db, { scale: 1, now: NOW })]);
});
afterAll(async () => {
  await Promise.all([a.drop(), b.drop()]);
});

const one = async (t: TestDatabase, sql: string) => (await t.db.pool.query(sql)).rows[0];

describe('demo data', () => {
  it('is the shop the README promises', async () => {
    const counts = await one(
      a,
      `SELECT (SELECT count(*) FROM locations)::int AS locations, (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM roles)::int AS roles, (SELECT count(*) FROM products)::int AS products,
              (SELECT count(*) FROM items)::int AS items, (SELECT count(*) FROM customers WHERE NOT is_anonymous)::int AS customers,
              (SELECT count(*) FROM orders)::int AS orders,
              (SELECT min(created_at) FROM orders) < timestamptz '2025-01-01' AS spans_two_years`,
    );
    expect(counts).toEqual({
      locations: 3,
      users: 10,
      roles: 4,
      products: 300,
      items: 1000,
      customers: 2000,
      orders: 20_000,
      spans_two_years: true,
    });
    const statuses = (await a.db.pool.query(`SELECT DISTINCT status::text FROM orders ORDER BY 1`)).rows.map(
      (r) => r.status,
    );
    expect(statuses).toEqual(
      [
        'cancelled',
        'closed',
        'confirmed',
        'delivered',
        'open',
        'partially-delivered',
        'partially-returned',
        'pending',
        'returned',
      ].sort(),
    );
    const admin = await one(
      a,
      `SELECT count(DISTINCT ur.location_id)::int AS n FROM users u JOIN user_roles ur ON ur.user_id = u.id WHERE u.email = 'admin@nine.test'`,
    );
    expect(admin.n).toBe(3);
  });

  it('balances: every ledger transaction sums to zero, payments never exceed invoice totals', async () => {
    const unbalanced = await one(
      a,
      `SELECT count(*)::int AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_minor) <> 0) t`,
    );
    expect(unbalanced.n).toBe(0);
    const overpaid = await one(
      a,
      `SELECT count(*)::int AS n FROM invoices i WHERE (SELECT coalesce(sum(amount_minor), 0) FROM payments p WHERE p.invoice_id = i.id) > i.total_minor`,
    );
    expect(overpaid.n).toBe(0);
    const ledgerCount = await one(a, `SELECT count(*)::int AS n FROM ledger_entries`);
    expect(ledgerCount.n).toBeGreaterThan(20_000);
  });

  it('leaves no dangling references although bulk loading skips FK triggers', async () => {
    const orphans = await one(
      a,
      `SELECT
         (SELECT count(*) FROM order_items oi LEFT JOIN orders o ON o.id = oi.order_id WHERE o.id IS NULL)::int
       + (SELECT count(*) FROM order_items oi LEFT JOIN items i ON i.id = oi.item_id WHERE oi.item_id IS NOT NULL AND i.id IS NULL)::int
       + (SELECT count(*) FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE c.id IS NULL)::int
       + (SELECT count(*) FROM invoices v LEFT JOIN orders o ON o.id = v.order_id WHERE o.id IS NULL)::int
       + (SELECT count(*) FROM invoice_lines l LEFT JOIN order_items oi ON oi.id = l.order_item_id WHERE oi.id IS NULL)::int
       + (SELECT count(*) FROM payments p LEFT JOIN invoices v ON v.id = p.invoice_id WHERE v.id IS NULL)::int
       + (SELECT count(*) FROM ledger_entries e LEFT JOIN gl_codes g ON g.code = e.gl_code WHERE g.code IS NULL)::int
       + (SELECT count(*) FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id WHERE p.id IS NULL)::int AS n`,
    );
    expect(orphans.n).toBe(0);
  });

  it('is deterministic: two seeds of the same moment are identical', async () => {
    const digest = `SELECT md5(string_agg(concat_ws('|', id, number, type, status, customer_id, planned_start, total_minor), ',' ORDER BY id)) AS d FROM orders`;
    expect((await one(a, digest)).d).toBe((await one(b, digest)).d);
  });

  it('keeps sequences ahead of the seeded ids so new orders get fresh numbers', async () => {
    const row = await one(
      a,
      `INSERT INTO orders (type, source, status, location_id) VALUES ('sale', 'walk_in', 'open', 1) RETURNING id, number`,
    );
    expect(row.id).toBe(20_001);
    expect(row.number).toBe(120_001);
  });
});
