/**
 * `pnpm bench` (server part): seeds a fresh embedded database at scale (default 50 = 1,000,000
 * orders) and measures the seed time, then HTTP throughput and latency with autocannon on loopback.
 * Options: --scale N, --duration S (per endpoint, default 10), --connections C (default 20),
 * --data-dir DIR (keep the cluster there and reuse it when already seeded; default: a fresh temp folder).
 * Environment, as `pnpm start` reads it: PORT (the API's port; default any free one), AGENT_PORT (announced
 * to the web app), DATA_DIR (the fresh folder is made inside it instead of the system's temp folder).
 */
import autocannon from 'autocannon';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig, paths } from '../src/config.ts';
import { ensureDatabase } from '../src/db/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDb } from '../src/db/pool.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { seedDemoData } from '../src/seed/seed-demo.ts';
import { createTranslator } from '../src/lib/translator.ts';
import { runExport } from '../src/modules/exports/export-runner.ts';
import { benchStock } from './stock-bench.ts';
import { benchPayments } from './payments-bench.ts';
import { benchTourReservations, benchTours } from './tours-bench.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const scale = arg('scale', 50);
const duration = arg('duration', 10);
const connections = arg('connections', 20);
const out = (line: string) => process.stdout.write(`${line}\n`);
const dataDirArg = process.argv.indexOf('--data-dir');
const keepDir = dataDirArg >= 0 ? process.argv[dataDirArg + 1] : undefined;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(name: string, opts: autocannon.Options): Promise<string> {
  const times: number[] = [];
  let errors = 0;
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ ...opts, duration, connections }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status >= 400) errors++;
      times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  const row = [
    name.padEnd(34),
    `${Math.round(result.requests.average)}`.padStart(8),
    percentile(times, 50).toFixed(1).padStart(8),
    percentile(times, 95).toFixed(1).padStart(8),
    `${errors + result.errors + result.timeouts}`.padStart(7),
  ].join(' ');
  out(row);
  return row;
}

// Only these variables reach the bench's app: a shop's DATABASE_URL or EXPORTS_DIR must never be touched.
const env = { PORT: process.env.PORT || '0', AGENT_PORT: process.env.AGENT_PORT };
// A relative DATA_DIR is read from the repository root, as `pnpm start` reads it.
const parent = process.env.DATA_DIR ? resolve(paths.repoRoot, process.env.DATA_DIR) : tmpdir();
if (!keepDir) await mkdir(parent, { recursive: true });
const dir = keepDir ?? (await mkdtemp(join(parent, 'nine-bench-')));
const pg = await startEmbeddedPostgres(dir, out);
try {
  await ensureDatabase(pg.adminUrl, 'nine_bench');
  const db = createDb(pg.url('nine_bench'), 30);
  await migrate(db.pool, paths.migrations);
  const existing = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n;
  if (existing > 0) {
    out(`reusing ${existing.toLocaleString('en-US')} orders in ${dir}`);
  } else {
    out(`seeding scale ${scale} (${(20_000 * scale).toLocaleString('en-US')} orders)…`);
    const seeded = await seedDemoData(db, { scale, log: () => {} });
    const n = (v: number) => v.toLocaleString('en-US');
    out(
      `seed: ${n(seeded.orders)} orders, ${n(seeded.items)} items, ${n(seeded.customers)} customers in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
  }

  const config = { ...loadConfig({ ...env, DATA_DIR: dir }), webDist: '/nonexistent', logLevel: 'warn' };
  const { app } = await buildApp({ config, db, logger: false });
  const url = await app.listen({ port: config.port, host: '127.0.0.1' });
  const loginBody = JSON.stringify({ email: 'admin@nine.test', password: DEMO_PASSWORD });
  const login = await fetch(`${url}/api/nine/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  const { data } = (await login.json()) as { data: { token: string; location_id: number } };
  const auth = { authorization: `Bearer ${data.token}`, 'location-id': String(data.location_id) };

  out(`\n${duration} s per endpoint, ${connections} connections, loopback`);
  out(
    `${'endpoint'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'errors'.padStart(7)}`,
  );
  await load('GET /api/health', { url: `${url}/api/health` });
  await load('POST /api/nine/user/login', {
    url: `${url}/api/nine/user/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  await load('GET /api/nine/dashboard/summary', { url: `${url}/api/nine/dashboard/summary`, headers: auth });
  await load('GET rent-orders (50, status, sort)', {
    url: `${url}/api/nine/rent-orders?page_size=50&order_status_r=closed&sort=planned_start&sort_type=desc`,
    headers: auth,
  });
  await load('GET rent-orders (search "garcia")', {
    url: `${url}/api/nine/rent-orders?page_size=50&search=garcia`,
    headers: auth,
  });
  await load('GET customers (search "mart")', {
    url: `${url}/api/nine/customers?page_size=50&search=mart`,
    headers: auth,
  });
  await load('GET invoices/sale (50, newest)', {
    url: `${url}/api/nine/invoices/sale?page_size=50`,
    headers: auth,
  });
  await load('GET invoices/rents (50, partially paid)', {
    url: `${url}/api/nine/invoices/rents?page_size=50&balance_status=partially_paid`,
    headers: auth,
  });

  // Order creation: bulk gear in one-hour slots far ahead, each request its own slot, so none conflict.
  const { rows: gear } = await db.pool.query<{ id: number }>(
    `SELECT p.id FROM products p JOIN stock_levels s ON s.product_id = p.id AND s.location_id = $1
     WHERE p.kind = 'rent' AND NOT p.is_serialized ORDER BY s.quantity DESC LIMIT 1`,
    [data.location_id],
  );
  const { rows: customer } = await db.pool.query<{ id: number }>(
    'SELECT id FROM customers WHERE NOT is_anonymous LIMIT 1',
  );
  let slot = 0;
  const base = Date.UTC(2035, 0, 1);
  await load('POST rent-orders (create)', {
    url: `${url}/api/nine/rent-orders`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const start = base + slot++ * 3_600_000;
          req.body = JSON.stringify({
            customer_id: customer[0]!.id,
            planned_start: new Date(start).toISOString(),
            planned_finish: new Date(start + 3_000_000).toISOString(),
            items: [{ product_id: gear[0]!.id, quantity: 1 }],
          });
          return req;
        },
      },
    ],
  });
  await benchStock({ url, auth, db, out });
  await benchPayments({ url, auth, locationId: data.location_id, db, duration, out });
  await benchTours({ url, auth, db, out });
  await benchTourReservations({ url, auth, db, out });
  await app.close();

  // Export every order (all locations, rent and sale lists) to CSV through the export runner,
  // sampling the process's memory: streaming should keep it flat.
  const exportsDir = join(dir, 'bench-exports');
  const { rows: users } = await db.pool.query<{ id: number }>(
    `SELECT id FROM users WHERE email = 'admin@nine.test'`,
  );
  const { rows: locations } = await db.pool.query<{ id: number }>('SELECT id FROM locations ORDER BY id');
  const translate = createTranslator(config.localesDir);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  let exported = 0;
  for (const l of locations) {
    for (const list of ['rent-orders', 'sale-orders']) {
      const { rows: created } = await db.pool.query<{ id: number }>(
        `INSERT INTO exports (user_id, location_id, list, format, description, filters) VALUES ($1, $2, $3, 'csv', 'bench', '{"_lang":"en-US"}') RETURNING id`,
        [users[0]!.id, l.id, list],
      );
      await runExport(db, { dir: exportsDir, translate }, created[0]!.id);
      exported += (
        await db.pool.query<{ n: number }>('SELECT row_count AS n FROM exports WHERE id = $1', [
          created[0]!.id,
        ])
      ).rows[0]!.n;
    }
  }
  clearInterval(sampler);
  await rm(exportsDir, { recursive: true, force: true });
  out(
    `\nexport to CSV: ${exported.toLocaleString('en-US')} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
      `process memory ${Math.round(before / 2 ** 20)} MiB before, peak ${Math.round(peak / 2 ** 20)} MiB`,
  );
  await db.close();
} finally {
  await pg.stop();
  if (!keepDir) await rm(dir, { recursive: true, force: true });
}
