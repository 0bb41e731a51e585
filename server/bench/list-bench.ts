/**
 * `pnpm --filter @nine/server bench:lists` (run by `pnpm bench` too): every list endpoint at 1,000,000 orders,
 * one request at a time through the real API on loopback: rent and sale orders with each status filter and
 * each sortable column the list offers, search, invoices, customers and a customer's orders, invoices and
 * payments; first page and page 500, p50/p95 over --samples requests (default 30).
 *
 * The database is generated in SQL (list-bench-seed.ts) into DATA_DIR/bench/lists (embedded PostgreSQL),
 * or DATABASE_URL when set, and reused while its marker row is there. Writes the figures to
 * DATA_DIR/bench/lists.json and `EXPLAIN (ANALYZE, BUFFERS)` of every list's SQL (page and count) to
 * DATA_DIR/bench/list-plans.txt. Then throughput: the lists the issue measured at 1 M orders, each loaded by
 * autocannon with --connections C (default 20) for --duration S (default 10) s, as `pnpm bench` loads them.
 * Options: --orders N (default 1,000,000), --samples N, --only <substring> (no throughput part),
 * --throughput-only.
 */
import autocannon from 'autocannon';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { rentStatuses, saleStatuses } from '@nine/shared/order-machine';
import { invoiceSortFields } from '@nine/shared/schemas/invoices';
import { orderSortFields } from '@nine/shared/schemas/orders';
import { buildApp } from '../src/app.ts';
import { loadConfig, paths } from '../src/config.ts';
import { ensureDatabase } from '../src/db/bootstrap.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDb } from '../src/db/pool.ts';
import { one, rows } from '../src/db/sql.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { readSeedMarker, seedListBench, vacuumAnalyze } from './list-bench-seed.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const targetOrders = Number(arg('orders') ?? 1_000_000);
const samples = Number(arg('samples') ?? 30);
const only = arg('only');
const throughputOnly = process.argv.includes('--throughput-only');
const connections = Number(arg('connections') ?? 20);
const duration = Number(arg('duration') ?? 10);
const out = (line: string) => process.stdout.write(`${line}\n`);

const config = { ...loadConfig(process.env), webDist: '/nonexistent', logLevel: 'warn' };
const benchDir = join(config.dataDir, 'bench');
await mkdir(benchDir, { recursive: true });

// The lists the UI offers, from the schemas the server parses them with.
const RENT_STATUSES = ['all_orders', ...rentStatuses, 'departure', 'arrivals', 'overdue'];
const SALE_STATUSES = ['all_orders', ...saleStatuses];
const ORDER_SORTS = orderSortFields;
const INVOICE_SORTS = invoiceSortFields;

/** One list to measure: its path and query (page added per run). */
interface Case {
  name: string;
  path: string;
  query: Record<string, string>;
  deep: boolean;
}

function cases(customerId: number): Case[] {
  const list: Case[] = [];
  const add = (name: string, path: string, query: Record<string, string> = {}, deep = true) =>
    list.push({ name, path, query, deep });
  for (const [kind, statuses] of [
    ['rent', RENT_STATUSES],
    ['sale', SALE_STATUSES],
  ] as const) {
    const path = `/api/nine/${kind}-orders`;
    for (const status of statuses) add(`${kind} status=${status}`, path, { order_status_r: status });
    for (const sort of ORDER_SORTS) {
      for (const dir of ['asc', 'desc']) add(`${kind} sort=${sort} ${dir}`, path, { sort, sort_type: dir });
    }
    add(`${kind} search "garcia"`, path, { search: 'garcia' });
    add(`${kind} search "garcia" sort=customer`, path, {
      search: 'garcia',
      sort: 'customer',
      sort_type: 'asc',
    });
    add(`${kind} closed, partially paid`, path, {
      order_status_r: 'closed',
      invoice_balance_status: 'partially_paid',
    });
  }
  add('rent closed, sort=planned_start desc', '/api/nine/rent-orders', {
    order_status_r: 'closed',
    sort: 'planned_start',
    sort_type: 'desc',
  });
  add('rent delivered, sort=planned_finish', '/api/nine/rent-orders', {
    order_status_r: 'delivered',
    sort: 'planned_finish',
    sort_type: 'asc',
  });
  for (const list of ['rents', 'sale']) {
    const path = `/api/nine/invoices/${list}`;
    add(`invoices/${list} newest`, path);
    for (const state of ['paid', 'partially_paid', 'unpaid'])
      add(`invoices/${list} ${state}`, path, { balance_status: state });
    add(`invoices/${list} search "garcia"`, path, { search: 'garcia' });
  }
  for (const sort of INVOICE_SORTS)
    add(`invoices/rents sort=${sort} asc`, '/api/nine/invoices/rents', { sort, sort_type: 'asc' });
  for (const sort of ['name', 'email', 'created_at', 'id'])
    add(`customers sort=${sort}`, '/api/nine/customers', { sort });
  add('customers search "garcia"', '/api/nine/customers', { search: 'garcia' });
  add('customers search "mart"', '/api/nine/customers', { search: 'mart' });
  // The order wizard's customer picker asks this on every keystroke.
  add('customers lookup "mart"', '/api/nine/customers/lookup', { search: 'mart' }, false);
  for (const history of ['orders', 'invoices', 'payments'])
    add(`customer ${customerId} ${history}`, `/api/nine/customers/${customerId}/${history}`, {}, false);
  return list.filter((c) => !throughputOnly && (!only || c.name.includes(only)));
}

/** The lists `pnpm bench` loaded with 20 connections before the list work, on the same paths and queries. */
const THROUGHPUT_CASES: [string, string][] = [
  ['GET /api/health', '/api/health'],
  ['GET dashboard/summary', '/api/nine/dashboard/summary'],
  [
    'GET rent-orders (50, status, sort)',
    '/api/nine/rent-orders?page_size=50&order_status_r=closed&sort=planned_start&sort_type=desc',
  ],
  ['GET rent-orders (search "garcia")', '/api/nine/rent-orders?page_size=50&search=garcia'],
  ['GET customers (search "mart")', '/api/nine/customers?page_size=50&search=mart'],
  ['GET invoices/sale (50, newest)', '/api/nine/invoices/sale?page_size=50'],
  [
    'GET invoices/rents (50, partially paid)',
    '/api/nine/invoices/rents?page_size=50&balance_status=partially_paid',
  ],
];

async function throughput(base: string, headers: Record<string, string>) {
  out(`\n${connections} connections, ${duration} s per list, loopback`);
  out(
    `${'endpoint'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  const figures: Record<string, unknown>[] = [];
  for (const [name, path] of THROUGHPUT_CASES) {
    const times: number[] = [];
    let failed = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({ url: `${base}${path}`, headers, connections, duration }, (err, res) =>
        err ? reject(err) : resolve(res),
      );
      instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
        if (status >= 400) failed++;
        times.push(ms);
      });
    });
    times.sort((a, b) => a - b);
    const row = {
      name,
      path,
      req_per_s: Math.round(result.requests.average),
      p50_ms: +percentile(times, 50).toFixed(1),
      p95_ms: +percentile(times, 95).toFixed(1),
      errors: failed + result.errors + result.timeouts,
    };
    figures.push(row);
    out(
      `${name.padEnd(40)} ${String(row.req_per_s).padStart(8)} ${row.p50_ms.toFixed(1).padStart(8)} ${row.p95_ms.toFixed(1).padStart(8)} ${String(row.errors).padStart(7)}`,
    );
  }
  return { connections, duration_s: duration, results: figures };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

let embedded: EmbeddedDatabase | null = null;
let url = config.databaseUrl;
if (!url) {
  embedded = await startEmbeddedPostgres(join(benchDir, 'lists'), out);
  await ensureDatabase(embedded.adminUrl, 'nine_lists');
  url = embedded.url('nine_lists');
}
const db = createDb(url, 10);
try {
  const applied = await migrate(db.pool, paths.migrations);
  let seed = await readSeedMarker(db);
  if (seed && applied.length > 0) {
    // A migration that rewrote rows leaves the visibility map unset: index-only scans would read the heap.
    out(`applied ${applied.join(', ')}; vacuum and analyze…`);
    await vacuumAnalyze(db);
  }
  if (seed) {
    out(
      `reusing ${seed.orders.toLocaleString('en-US')} orders (seeded in ${(seed.seed_ms / 1000).toFixed(1)} s)`,
    );
  } else {
    const existing = await one<{ n: number }>(db.pool, 'SELECT count(*)::int AS n FROM orders');
    if (existing.n > 0)
      throw new Error('list bench: the database has orders but no bench marker; use an empty one');
    out(`seeding ${targetOrders.toLocaleString('en-US')} orders in SQL…`);
    seed = await seedListBench(db, targetOrders, out);
    out(`seed: ${seed.orders.toLocaleString('en-US')} orders in ${(seed.seed_ms / 1000).toFixed(1)} s`);
  }

  // Every statement the app sends while one request of a case runs: what EXPLAIN then analyses.
  let recording: { text: string; values: unknown[] }[] | null = null;
  const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown;
  db.pool.query = ((...args: unknown[]) => {
    // Plain text and values, or a config object (prepared statements carry a name).
    const config =
      typeof args[0] === 'string'
        ? { text: args[0], values: args[1] }
        : (args[0] as { text?: string; values?: unknown[] });
    const text = config.text ?? '';
    if (recording && /^\s*SELECT[\s\S]*(LIMIT|count\(\*\))/i.test(text))
      recording.push({ text, values: (config.values as unknown[] | undefined) ?? [] });
    return query(...args);
  }) as typeof db.pool.query;

  const { app } = await buildApp({ config, db, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/nine/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@nine.test', password: DEMO_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  // The location with the most orders: the list that grows.
  const location = await one<{ id: number; rent: number }>(
    db.pool,
    `SELECT location_id AS id, count(*)::int AS rent FROM orders WHERE type <> 'sale' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  );
  const customer = await one<{ id: number }>(
    db.pool,
    `SELECT customer_id AS id FROM orders WHERE customer_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const headers = { authorization: `Bearer ${data.token}`, 'location-id': String(location.id) };
  out(
    `location ${location.id}: ${location.rent.toLocaleString('en-US')} rent orders; ${samples} requests each, one at a time\n`,
  );

  const explainClient = new pg.Client({ connectionString: url });
  await explainClient.connect();
  const plans: string[] = [];
  const results: Record<string, unknown>[] = [];
  out(
    `${'list'.padEnd(44)} ${'rows'.padStart(6)} ${'total'.padStart(7)} │ ${'p1 p50'.padStart(8)} ${'p1 p95'.padStart(8)} ${'p1 sql'.padStart(7)} │ ${'p500 p50'.padStart(8)} ${'p500 p95'.padStart(8)} ${'p500sql'.padStart(7)}`,
  );
  out('(p50/p95: HTTP ms over the samples; sql: the slowest statement of the request, EXPLAIN ANALYZE ms)');
  for (const c of cases(customer.id)) {
    const figures: Record<string, unknown> = { name: c.name, path: c.path, query: c.query };
    const cells: string[] = [];
    for (const page of c.deep ? [1, 500] : [1]) {
      const qs = new URLSearchParams({ ...c.query, page: String(page) }).toString();
      const target = `${base}${c.path}?${qs}`;
      const times: number[] = [];
      let body: { data?: { rows: unknown[]; total: number; total_capped?: boolean } } = {};
      // EXPLAIN ANALYZE's execution time of each statement (page, count): steadier than HTTP on a busy machine.
      const sqlMs: number[] = [];
      // A list slower than a second gets 5 samples, so one such list does not hold the bench for minutes.
      let count = samples;
      for (let i = 0; i < count; i++) {
        if (i === 0) recording = [];
        const t0 = performance.now();
        const response = await fetch(target, { headers });
        const text = await response.text();
        times.push(performance.now() - t0);
        if (i === 1 && times[1]! > 1000) count = Math.min(count, 5);
        if (!response.ok)
          throw new Error(`${c.name} page ${page}: HTTP ${response.status} ${text.slice(0, 300)}`);
        if (i === 0) body = JSON.parse(text) as typeof body;
        if (i === 0) {
          const statements = recording ?? [];
          recording = null;
          for (const s of statements) {
            const plan = await explainClient.query<{ 'QUERY PLAN': string }>(
              `EXPLAIN (ANALYZE, BUFFERS) ${s.text}`,
              s.values,
            );
            const lines = plan.rows.map((r) => r['QUERY PLAN']);
            sqlMs.push(Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? NaN));
            plans.push(
              `=== ${c.name}, page ${page}\n${s.text.replace(/\s+/g, ' ').trim()}\n-- params ${JSON.stringify(s.values)}\n` +
                lines.join('\n'),
            );
          }
        }
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      figures[`page_${page}`] = {
        p50_ms: +p50.toFixed(1),
        p95_ms: +p95.toFixed(1),
        samples: times.length,
        rows: body.data?.rows.length ?? 0,
        total: body.data?.total ?? 0,
        total_capped: body.data?.total_capped ?? false,
        sql_ms: sqlMs,
      };
      if (page === 1) {
        cells.push(
          `${body.data?.rows.length ?? 0}`.padStart(6),
          `${body.data?.total ?? 0}${body.data?.total_capped ? '+' : ''}`.padStart(7),
          '│',
        );
      }
      cells.push(
        p50.toFixed(1).padStart(8),
        p95.toFixed(1).padStart(8),
        Math.max(...sqlMs)
          .toFixed(1)
          .padStart(7),
        '│',
      );
    }
    results.push(figures);
    out(`${c.name.padEnd(44)} ${cells.join(' ')}`);
  }
  await explainClient.end();
  const loaded = only ? null : await throughput(base, headers);
  await app.close();

  const counts = await rows<{ t: string; n: number }>(
    db.pool,
    `SELECT 'orders' AS t, count(*)::int AS n FROM orders UNION ALL SELECT 'customers', count(*)::int FROM customers
     UNION ALL SELECT 'invoices', count(*)::int FROM invoices UNION ALL SELECT 'payments', count(*)::int FROM payments`,
  );
  const report = {
    at: new Date().toISOString(),
    seed_ms: seed.seed_ms,
    tables: Object.fromEntries(counts.map((r) => [r.t, r.n])),
    location: location.id,
    location_rent_orders: location.rent,
    samples,
    results,
    throughput: loaded,
  };
  // A partial run (--only) keeps the full run's files.
  const suffix = only || throughputOnly ? '-partial' : '';
  const figuresFile = join(benchDir, `lists${suffix}.json`);
  const plansFile = join(benchDir, `list-plans${suffix}.txt`);
  await writeFile(figuresFile, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(plansFile, `${plans.join('\n\n')}\n`);
  out(`\nfigures: ${figuresFile}; plans: ${plansFile}`);
} finally {
  await db.close();
  await embedded?.stop();
}
