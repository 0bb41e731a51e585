import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { orderSortFields } from '@nine/shared/schemas/orders';
import { invoiceBalanceStatuses, invoiceSortFields } from '@nine/shared/schemas/invoices';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// The lists page their keys first (lib/paging.ts byKey) through the indexes of migration 0023: the pages
// must hold the rows a plain ORDER BY … OFFSET over the same rows holds, in every sort and direction.

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let headers: Record<string, string>;
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = <R extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  tdb.db.pool.query<R>(sql, params).then((r) => r.rows);
const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: { id: number }[]; total: number; total_capped: boolean };
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Dock');
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  // Customers with accents and shared last names (ties broken by id), and 120 orders with nulls among the
  // sorted columns, every status, rent and sale, some without a customer.
  await q(
    `INSERT INTO customers (first_name, last_name, email)
     SELECT (ARRAY['José', 'Zoé', 'Ana'])[1 + g % 3], (ARRAY['García', 'Núñez', 'Smith', 'Lefèvre'])[1 + g % 4],
            'p' || g || '@list.test'
     FROM generate_series(1, 12) g`,
  );
  await q(
    `INSERT INTO orders (type, source, status, location_id, customer_id, planned_start, planned_finish,
                         actual_start, actual_finish, closed_at, cancelled_at, total_minor, created_at)
     SELECT t, 'back_end', s, $1, CASE WHEN g % 7 = 0 THEN NULL ELSE (SELECT min(id) FROM customers) + g % 12 END,
            CASE WHEN t = 'rent' THEN d END, CASE WHEN t = 'rent' THEN d + interval '1 day' END,
            CASE WHEN g % 3 = 0 THEN d END, CASE WHEN g % 5 = 0 THEN d + interval '20 hours' END,
            CASE WHEN s = 'closed' THEN d + (g % 4) * interval '1 day' END,
            CASE WHEN s = 'cancelled' THEN d END, (g % 9) * 1000, d - interval '3 days'
     FROM generate_series(1, 120) g,
          LATERAL (SELECT CASE WHEN g % 4 = 0 THEN 'sale' ELSE 'rent' END::order_type AS t,
                          timestamptz '2030-01-01' + (g % 40) * interval '1 day' AS d) x,
          LATERAL (SELECT CASE WHEN t = 'sale' THEN (ARRAY['open', 'closed', 'cancelled'])[1 + g % 3]
                          ELSE (ARRAY['pending', 'delivered', 'closed', 'cancelled', 'returned'])[1 + g % 5] END::order_status AS s) y`,
    [loc],
  );
  await q(
    `INSERT INTO invoices (type, status, order_id, customer_id, location_id, subtotal_minor, total_minor, created_at, posted_at)
     SELECT CASE WHEN type = 'sale' THEN 'sale' ELSE 'rent' END::invoice_type, CASE WHEN id % 2 = 0 THEN 'posted' ELSE 'in_progress' END::invoice_status,
            id, customer_id, location_id, total_minor, total_minor, created_at + (id % 5) * interval '1 hour',
            CASE WHEN id % 2 = 0 THEN created_at + interval '2 days' END
     FROM orders`,
  );
  await q(
    `INSERT INTO payments (order_id, invoice_id, location_id, method, amount_minor)
     SELECT order_id, id, location_id, 'cash', greatest(1, total_minor / (1 + id % 2)) FROM invoices WHERE total_minor > 0 AND id % 3 <> 0`,
  );
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

/** The order lists' sorts as they were before migration 0023: the customer joined, nulls last unless indexed. */
const ORDER_SORT: Record<(typeof orderSortFields)[number], string> = {
  number: 'o.number',
  customer: 'c.last_name NULLS LAST',
  planned_start: 'o.planned_start',
  planned_finish: 'o.planned_finish',
  actual_start: 'o.actual_start NULLS LAST',
  actual_finish: 'o.actual_finish NULLS LAST',
  closed_at: 'o.closed_at NULLS LAST',
  cancelled_at: 'o.cancelled_at NULLS LAST',
  created_at: 'o.created_at',
  status: 'o.status NULLS LAST',
  total: 'o.total_minor NULLS LAST',
};

describe('order lists page by key', () => {
  for (const kind of ['rent', 'sale'] as const) {
    it(`${kind}: every sort and direction pages the rows a plain OFFSET pages`, async () => {
      for (const sort of orderSortFields) {
        for (const dir of ['asc', 'desc'] as const) {
          const expected = await q<{ id: number }>(
            `SELECT o.id FROM orders o LEFT JOIN customers c ON c.id = o.customer_id
             WHERE o.location_id = $1 AND ${kind === 'sale' ? `o.type = 'sale'` : `o.type <> 'sale'`}
             ORDER BY ${ORDER_SORT[sort].replace(/( NULLS LAST)?$/, ` ${dir.toUpperCase()}$1`)}, o.id ${dir}`,
            [loc],
          );
          const got: number[] = [];
          for (let page = 1; page <= Math.ceil(expected.length / 7); page++) {
            const data = await get(
              `/api/nine/${kind}-orders?sort=${sort}&sort_type=${dir}&page=${page}&page_size=7`,
            );
            got.push(...data.rows.map((r) => r.id));
          }
          expect(got, `${sort} ${dir}`).toEqual(expected.map((r) => Number(r.id)));
        }
      }
    });
  }

  it('a status filter and a deep page answer the same rows as OFFSET', async () => {
    const expected = await q<{ id: number }>(
      `SELECT id FROM orders WHERE location_id = $1 AND type <> 'sale' AND status = 'closed'
       ORDER BY total_minor DESC, id DESC OFFSET 6 LIMIT 3`,
      [loc],
    );
    const data = await get(
      '/api/nine/rent-orders?order_status_r=closed&sort=total&sort_type=desc&page=3&page_size=3',
    );
    expect(data.rows.map((r) => r.id)).toEqual(expected.map((r) => Number(r.id)));
  });

  it('the customer sort follows a renamed customer and a changed customer', async () => {
    const [order] = await q<{ id: number; customer_id: number }>(
      `SELECT id, customer_id FROM orders WHERE location_id = $1 AND type <> 'sale' AND customer_id IS NOT NULL ORDER BY id LIMIT 1`,
      [loc],
    );
    await q(`UPDATE customers SET last_name = 'Aaberg' WHERE id = $1`, [order!.customer_id]);
    const first = await get('/api/nine/rent-orders?sort=customer&sort_type=asc&page_size=200');
    const aaberg = await q<{ id: number }>(
      `SELECT id FROM orders WHERE customer_id = $1 AND type <> 'sale' ORDER BY id`,
      [order!.customer_id],
    );
    expect(first.rows.slice(0, aaberg.length).map((r) => r.id)).toEqual(aaberg.map((r) => Number(r.id)));

    const [other] = await q<{ id: number }>(
      `INSERT INTO customers (first_name, last_name) VALUES ('Zed', 'Zzyzx') RETURNING id`,
    );
    await q('UPDATE orders SET customer_id = $1 WHERE id = $2', [other!.id, order!.id]);
    const [row] = await q<{ customer_last_name: string }>(
      'SELECT customer_last_name FROM orders WHERE id = $1',
      [order!.id],
    );
    expect(row!.customer_last_name).toBe('Zzyzx');
  });
});

describe('invoice lists page by key', () => {
  it('every sort pages the rows a plain OFFSET pages', async () => {
    const SORT: Record<string, string> = {
      type: 'i.type',
      posted_at: 'i.posted_at',
      total: 'i.total_minor',
      paid: 's.paid_minor',
      balance: '(i.total_minor + s.credited_minor - s.paid_minor)',
      created_at: 'i.created_at',
    };
    for (const sort of invoiceSortFields.filter((s) => s in SORT)) {
      for (const dir of ['asc', 'desc'] as const) {
        const nulls = sort === 'created_at' ? '' : ' NULLS LAST';
        const expected = await q<{ id: number }>(
          `SELECT i.id FROM invoices i JOIN invoice_settlements s ON s.invoice_id = i.id
           WHERE i.location_id = $1 AND i.list = 'rents'
           ORDER BY ${SORT[sort]} ${dir}${nulls}, i.id ${dir} OFFSET 10 LIMIT 10`,
          [loc],
        );
        const data = await get(`/api/nine/invoices/rents?sort=${sort}&sort_type=${dir}&page=2&page_size=10`);
        expect(
          data.rows.map((r) => r.id),
          `${sort} ${dir}`,
        ).toEqual(expected.map((r) => Number(r.id)));
      }
    }
  });
});

describe('invoice lists filtered by balance', () => {
  // Filtered by balance alone, the count and the newest-first keys come from the settlements (migration
  // 0025): the same rows and total as the invoices joined to their settlements.
  it('each state pages and counts what the join does, newest and oldest first', async () => {
    let seen = 0;
    for (const state of invoiceBalanceStatuses) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = await q<{ id: string }>(
          `SELECT i.id FROM invoices i JOIN invoice_settlements s ON s.invoice_id = i.id
           WHERE i.location_id = $1 AND i.list = 'rents' AND s.state = $2
           ORDER BY i.created_at ${dir}, i.id ${dir}`,
          [loc, state],
        );
        const data = await get(
          `/api/nine/invoices/rents?balance_status=${state}&sort=created_at&sort_type=${dir}&page=2&page_size=4`,
        );
        expect(data.total, `${state} ${dir}`).toBe(expected.length);
        expect(
          data.rows.map((r) => r.id),
          `${state} ${dir}`,
        ).toEqual(expected.slice(4, 8).map((r) => Number(r.id)));
        seen += data.rows.length;
      }
    }
    expect(seen).toBeGreaterThan(8);
  });

  it('a settlement carries its invoice’s creation time, also when the time changes', async () => {
    const [invoice] = await q<{ id: string }>(`SELECT id FROM invoices WHERE location_id = $1 LIMIT 1`, [
      loc,
    ]);
    await q(`UPDATE invoices SET created_at = created_at - interval '1 hour' WHERE id = $1`, [invoice!.id]);
    const drift = await q(
      `SELECT s.invoice_id FROM invoice_settlements s JOIN invoices i ON i.id = s.invoice_id
       WHERE s.created_at IS DISTINCT FROM i.created_at`,
    );
    expect(drift).toEqual([]);
  });
});

describe('customer list', () => {
  it('every sort and direction pages as before (nulls last)', async () => {
    await q(`INSERT INTO customers (first_name, last_name) VALUES ('No', 'Mail'), ('Also', 'Nomail')`);
    const SORT: Record<string, string[]> = {
      name: ['last_name', 'first_name'],
      email: ['email::text'],
      created_at: ['created_at'],
      id: ['id'],
    };
    for (const [sort, columns] of Object.entries(SORT)) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = await q<{ id: number }>(
          `SELECT id FROM customers WHERE NOT is_anonymous
           ORDER BY ${columns.map((c) => `${c} ${dir} NULLS LAST`).join(', ')}, id ${dir} OFFSET 4 LIMIT 4`,
        );
        const data = await get(`/api/nine/customers?sort=${sort}&sort_type=${dir}&page=2&page_size=4`);
        expect(
          data.rows.map((r) => r.id),
          `${sort} ${dir}`,
        ).toEqual(expected.map((r) => r.id));
      }
    }
  });

  it('a search pages its few matches in every sort, and the picker lists them by name', async () => {
    // García and Garcia, whatever the accents: the matches go in as ids (customer-search.ts).
    const SORT: Record<string, string> = {
      name: 'last_name DIR, first_name DIR',
      email: 'email::text DIR NULLS LAST',
      created_at: 'created_at DIR',
      id: 'id DIR',
    };
    for (const [sort, order] of Object.entries(SORT)) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = await q<{ id: number }>(
          `SELECT id FROM customers WHERE NOT is_anonymous AND last_name = 'García'
           ORDER BY ${order.replaceAll('DIR', dir)}, id ${dir}`,
        );
        const data = await get(
          `/api/nine/customers?search=garcia&sort=${sort}&sort_type=${dir}&page=2&page_size=2`,
        );
        expect(data.total, `${sort} ${dir}`).toBe(expected.length);
        expect(
          data.rows.map((r) => r.id),
          `${sort} ${dir}`,
        ).toEqual(expected.slice(2, 4).map((r) => r.id));
      }
    }
    const picked = await app.inject({
      method: 'GET',
      url: '/api/nine/customers/lookup?search=GARCÍA&limit=5',
      headers,
    });
    const byName = await q<{ id: number }>(
      `SELECT id FROM customers WHERE NOT is_anonymous AND last_name = 'García' ORDER BY last_name, first_name, id LIMIT 5`,
    );
    expect(picked.json().data.rows.map((r: { id: number }) => r.id)).toEqual(byName.map((r) => r.id));
  });
});

describe('customer search ignores case and accents', () => {
  it('"garcia" finds García in the customer list, the order lists and the invoice list', async () => {
    const customers = await get('/api/nine/customers?search=garcia&page_size=200');
    const garcias = await q<{ id: number }>(`SELECT id FROM customers WHERE last_name = 'García'`);
    expect(customers.rows.map((r) => r.id).sort()).toEqual(garcias.map((r) => r.id).sort());
    expect(customers.total).toBe(3);
    // Accents in the search are ignored too, and upper case.
    expect((await get('/api/nine/customers?search=N%C3%9A%C3%91EZ')).total).toBe(3);

    const orders = await get('/api/nine/rent-orders?search=garcia&page_size=200');
    const expected = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE o.location_id = $1 AND o.type <> 'sale' AND c.last_name = 'García'`,
      [loc],
    );
    expect(orders.total).toBe(expected[0]!.n);
    expect(orders.total).toBeGreaterThan(0);
    // Sorted by customer, the search's orders are found by customer first, then sorted.
    const sorted = await q<{ id: number }>(
      `SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE o.location_id = $1 AND o.type <> 'sale' AND c.last_name = 'García'
       ORDER BY c.last_name DESC, o.id DESC OFFSET 3 LIMIT 3`,
      [loc],
    );
    const page = await get(
      '/api/nine/rent-orders?search=garcia&sort=customer&sort_type=desc&page=2&page_size=3',
    );
    expect(page.rows.map((r) => r.id)).toEqual(sorted.map((r) => Number(r.id)));
    const byColumn = await get('/api/nine/rent-orders?f_customer=GARC%C3%8DA&page_size=200');
    expect(byColumn.total).toBe(expected[0]!.n);

    const invoices = await get('/api/nine/invoices/rents?search=garcia&page_size=200');
    const invoiceCount = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices i JOIN customers c ON c.id = i.customer_id
       WHERE i.location_id = $1 AND i.list = 'rents' AND c.last_name = 'García'`,
      [loc],
    );
    expect(invoices.total).toBe(invoiceCount[0]!.n);
  });
});

describe('counts', () => {
  it('stop at 10,000 and say so', async () => {
    await q(
      `INSERT INTO orders (type, source, status, location_id, total_minor)
       SELECT 'sale', 'walk_in', 'open', $1, 100 FROM generate_series(1, 10050)`,
      [loc],
    );
    const data = await get('/api/nine/sale-orders?order_status_r=open&page=500&page_size=20');
    expect(data).toMatchObject({ total: 10_000, total_capped: true });
    expect(data.rows).toHaveLength(20);
    const all = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE location_id = $1 AND type = 'sale' AND status = 'open'`,
      [loc],
    );
    expect(all[0]!.n).toBeGreaterThan(10_000);
  });
});
