/**
 * The list bench's database: the demo seed at scale 1 (20,000 orders with every reference table), then
 * generated in SQL up to the target (default 1,000,000 orders) in a few INSERT … SELECT generate_series
 * statements: customers (accented names among them), orders over the three locations (the first holds
 * ~220,000 rent orders), their lines, invoices (some partially paid), payments and a few refunds.
 * Loaded as a replica (no per-row triggers), then the trigger-kept tables are rebuilt and the tables
 * vacuumed and analysed. A marker table says the database is complete, so later runs reuse it.
 */
import type { Db } from '../src/db/pool.ts';
import { exec, maybeOne, one } from '../src/db/sql.ts';
import { seedDemoData } from '../src/seed/seed-demo.ts';

export interface ListBenchSeed {
  orders: number;
  seed_ms: number;
}

const MARKER = 'bench_list_seed';

export async function readSeedMarker(db: Db): Promise<ListBenchSeed | null> {
  const table = await one<{ t: string | null }>(db.pool, `SELECT to_regclass($1)::text AS t`, [MARKER]);
  if (!table.t) return null;
  return (await maybeOne<ListBenchSeed>(db.pool, `SELECT orders, seed_ms FROM ${MARKER}`)) ?? null;
}

const FIRST = [
  'Ana',
  'José',
  'María',
  'Luis',
  'Carmen',
  'Jean',
  'Zoé',
  'Léa',
  'Noah',
  'Emma',
  'Liam',
  'Olivia',
  'Inés',
  'Hugo',
  'Chloé',
  'Mateo',
  'Lucía',
  'Pierre',
  'Anaïs',
  'Tom',
];
const LAST = [
  'García',
  'Martínez',
  'López',
  'González',
  'Rodríguez',
  'Fernández',
  'Pérez',
  'Sánchez',
  'Gómez',
  'Núñez',
  'Dubois',
  'Lefèvre',
  'Moreau',
  'Müller',
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Nguyen',
  'Kim',
  'Rossi',
  'Bianchi',
  'Jensen',
  'Novák',
  'Kowalski',
  'Silva',
  'Costa',
  'Walker',
  'Young',
  'Hall',
  'Allen',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Hill',
  'Campbell',
  'Mitchell',
];
const sqlArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]`;

/** Sets the visibility map (index-only scans) and the statistics the planner reads. */
export async function vacuumAnalyze(db: Db): Promise<void> {
  const client = await db.pool.connect();
  try {
    await exec(client, 'SET statement_timeout = 0');
    await exec(client, 'VACUUM (ANALYZE)');
  } finally {
    client.release();
  }
}

export async function seedListBench(
  db: Db,
  targetOrders: number,
  log: (line: string) => void,
): Promise<ListBenchSeed> {
  const t0 = performance.now();
  const demo = await seedDemoData(db, { scale: 1, log: () => {} });
  log(`  demo data (${demo.orders} orders) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const extra = Math.max(0, targetOrders - demo.orders);
  const client = await db.pool.connect();
  const step = async (label: string, sql: string) => {
    const s = performance.now();
    const n = await exec(client, sql);
    log(`  ${label}: ${n.toLocaleString('en-US')} rows in ${((performance.now() - s) / 1000).toFixed(1)} s`);
  };
  try {
    await exec(client, 'BEGIN');
    await exec(
      client,
      `SET LOCAL synchronous_commit = off; SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0;
       SET LOCAL idle_in_transaction_session_timeout = 0; SET LOCAL session_replication_role = replica;
       SET LOCAL work_mem = '256MB'; SELECT setseed(0.17)`,
    );
    // Only what this run generates gets lines, invoices, payments and refunds: ids past the demo's.
    const before = await one<{ o: number; i: number; p: number }>(
      client,
      'SELECT (SELECT max(id) FROM orders) AS o, (SELECT max(id) FROM invoices) AS i, (SELECT max(id) FROM payments) AS p',
    );
    const customers = Math.round(extra / 10);
    await step(
      'customers',
      `INSERT INTO customers (first_name, last_name, email, phone, city, home_location_id, created_at)
       SELECT f[1 + g % array_length(f, 1)], l[1 + (g / 7) % array_length(l, 1)], 'c' || g || '@bench.test',
              '+1 555 ' || lpad((g % 10000000)::text, 7, '0'), 'Springfield',
              (SELECT min(id) FROM locations), now() - (g % 1000) * interval '1 day'
       FROM generate_series(1, ${customers}) g, (SELECT ${sqlArray(FIRST)} AS f, ${sqlArray(LAST)} AS l) n`,
    );
    // Location shares: the first holds 30 % (75 % of it rent-like: ~220,000 at a million orders).
    await step(
      'orders',
      `WITH loc AS (SELECT array_agg(id ORDER BY id) AS ids FROM locations),
            cust AS (SELECT min(id) AS lo, max(id) AS hi FROM customers WHERE NOT is_anonymous),
            g AS (
              SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4,
                     now() - random() * interval '1100 days' + interval '60 days' AS created
              FROM generate_series(1, ${extra}) g),
            base AS (
              SELECT g.*, CASE WHEN g % 100 < 30 THEN loc.ids[1] WHEN g % 100 < 65 THEN loc.ids[2] ELSE loc.ids[3] END AS location_id,
                     CASE WHEN r1 < 0.25 THEN 'sale' WHEN r1 < 0.27 THEN 'borrow' WHEN r1 < 0.28 THEN 'item' ELSE 'rent' END::order_type AS type,
                     cust.lo + floor(r3 * (cust.hi - cust.lo + 1))::int AS customer_id
              FROM g, loc, cust),
            st AS (
              SELECT base.*, CASE WHEN type = 'sale' THEN
                       CASE WHEN r2 < 0.10 THEN 'open' WHEN r2 < 0.90 THEN 'closed' WHEN r2 < 0.97 THEN 'cancelled' ELSE 'pre-cancel' END
                     ELSE CASE WHEN created > now() THEN (CASE WHEN r2 < 0.5 THEN 'pending' ELSE 'confirmed' END)
                       WHEN r2 < 0.55 THEN 'closed' WHEN r2 < 0.65 THEN 'returned' WHEN r2 < 0.73 THEN 'cancelled'
                       WHEN r2 < 0.78 THEN 'pending' WHEN r2 < 0.83 THEN 'confirmed' WHEN r2 < 0.91 THEN 'delivered'
                       WHEN r2 < 0.94 THEN 'partially-delivered' WHEN r2 < 0.97 THEN 'partially-returned' ELSE 'pre-cancel' END
                     END::order_status AS status,
                     created + (r4 * 20) * interval '1 day' AS start
              FROM base)
       INSERT INTO orders (type, source, status, location_id, customer_id, planned_start, planned_finish,
                           actual_start, actual_finish, closed_at, cancelled_at, total_minor, deposit_in_custody,
                           staff_note, has_delivery, created_at, updated_at)
       SELECT type, (ARRAY['web', 'phone', 'back_end', 'walk_in', 'kiosk']::order_source[])[1 + g % 5], status, location_id,
              CASE WHEN type = 'sale' AND g % 10 = 0 THEN NULL ELSE customer_id END,
              CASE WHEN type <> 'sale' THEN start END,
              CASE WHEN type <> 'sale' THEN start + (1 + floor(r4 * 168)) * interval '1 hour' END,
              CASE WHEN type <> 'sale' AND status IN ('delivered', 'partially-delivered', 'partially-returned', 'returned', 'closed') THEN start END,
              CASE WHEN type <> 'sale' AND status IN ('returned', 'closed') THEN start + (1 + floor(r4 * 168)) * interval '1 hour' END,
              CASE WHEN status = 'closed' THEN coalesce(start, created) + interval '8 days' END,
              CASE WHEN status = 'cancelled' THEN created + interval '1 day' END,
              1000 + floor(r3 * 49000)::bigint * 10, status IN ('delivered', 'partially-delivered') AND g % 3 = 0,
              CASE WHEN g % 17 = 0 THEN 'call before' END, g % 23 = 0, created, created
       FROM st ORDER BY created`,
    );
    await step(
      'order lines',
      `WITH prod AS (
         SELECT array_agg(id ORDER BY id) FILTER (WHERE kind = 'rent') AS rent,
                array_agg(id ORDER BY id) FILTER (WHERE kind = 'sale') AS sale
         FROM products WHERE NOT is_serialized)
       INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, planned_start, planned_finish, created_at)
       SELECT o.id, CASE WHEN o.type = 'sale' THEN prod.sale[1 + (o.id * 7 + n) % array_length(prod.sale, 1)]
                         ELSE prod.rent[1 + (o.id * 7 + n) % array_length(prod.rent, 1)] END,
              1, o.total_minor / (1 + o.id % 2),
              CASE WHEN o.status IN ('cancelled', 'pre-cancel') THEN 'cancelled'
                   WHEN o.type = 'sale' THEN 'sold'
                   WHEN o.status IN ('returned', 'closed', 'partially-returned') THEN 'returned'
                   WHEN o.status IN ('delivered', 'partially-delivered') THEN 'delivered'
                   ELSE o.status::text END::order_item_status,
              o.planned_start, o.planned_finish, o.created_at
       FROM orders o CROSS JOIN prod CROSS JOIN generate_series(0, 1) n
       WHERE o.id > ${before.o} AND n <= o.id % 2`,
    );
    // One invoice for every order past pending, posted once closed; totals without tax keep the check simple.
    await step(
      'invoices',
      `INSERT INTO invoices (type, status, order_id, customer_id, location_id, subtotal_minor, total_minor,
                             created_at, in_progress_at, posted_at, updated_at, billing_from, billing_to)
       SELECT CASE WHEN o.type = 'sale' THEN 'sale' ELSE 'rent' END::invoice_type,
              CASE WHEN o.status = 'closed' THEN 'posted' ELSE 'in_progress' END::invoice_status,
              o.id, o.customer_id, o.location_id, o.total_minor, o.total_minor,
              o.created_at + interval '1 hour', o.created_at + interval '1 hour',
              CASE WHEN o.status = 'closed' THEN o.closed_at END, o.created_at + interval '1 hour',
              o.planned_start, o.planned_finish
       FROM orders o
       WHERE o.id > ${before.o}
         AND o.status NOT IN ('pending', 'cancelled', 'pre-cancel')
       ORDER BY o.created_at`,
    );
    // Paid in full (closed orders and 60 % of the rest), half paid (15 % of the rest: "partially paid").
    await step(
      'payments',
      `INSERT INTO payments (order_id, invoice_id, customer_id, location_id, method, amount_minor, created_at)
       SELECT i.order_id, i.id, i.customer_id, i.location_id,
              (ARRAY['cash', 'card', 'external']::payment_method[])[1 + i.id % 3],
              CASE WHEN i.status = 'posted' OR i.id % 20 < 12 THEN i.total_minor ELSE i.total_minor / 2 END,
              i.created_at + interval '2 hours'
       FROM invoices i
       WHERE i.id > ${before.i}
         AND (i.status = 'posted' OR i.id % 20 < 15) AND i.total_minor > 1
       ORDER BY i.created_at`,
    );
    await step(
      'refunds',
      `INSERT INTO refunds (payment_id, amount_minor, reason, created_at)
       SELECT p.id, greatest(1, p.amount_minor / 10), 'bench', p.created_at + interval '1 day'
       FROM payments p
       WHERE p.id > ${before.p} AND p.id % 50 = 0`,
    );
    await step('derived tables', 'SELECT rebuild_derived_tables()');
    const total = await one<{ n: number }>(client, 'SELECT count(*)::int AS n FROM orders');
    const ms = Math.round(performance.now() - t0);
    await exec(client, `CREATE TABLE ${MARKER} AS SELECT ${total.n}::int AS orders, ${ms}::int AS seed_ms`);
    await exec(client, 'COMMIT');
  } catch (err) {
    await exec(client, 'ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  const v = performance.now();
  await vacuumAnalyze(db);
  log(`  vacuum and analyze in ${((performance.now() - v) / 1000).toFixed(1)} s`);
  const seed = { orders: (await readSeedMarker(db))!.orders, seed_ms: Math.round(performance.now() - t0) };
  await exec(db.pool, `UPDATE ${MARKER} SET seed_ms = $1`, [seed.seed_ms]);
  return seed;
}
