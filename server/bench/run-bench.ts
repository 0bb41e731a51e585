/**
 * `pnpm bench` (server part): seeds a fresh embedded database at scale (default 50 = 1,000,000
 * orders) and measures the seed time, then HTTP throughput and latency with autocannon on loopback.
 * Options: --scale N, --duration S (per endpoint, default 10), --connections C (default 20).
 */
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig, paths } from '../src/config.ts';
import { ensureDatabase } from '../src/db/bootstrap.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDb } from '../src/db/pool.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { seedDemoData } from '../src/seed/seed-demo.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const scale = arg('scale', 50);
const duration = arg('duration', 10);
const connections = arg('connections', 20);
const out = (line: string) => process.stdout.write(`${line}\n`);

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

const dir = await mkdtemp(join(tmpdir(), 'nine-bench-'));
const pg = await startEmbeddedPostgres(dir, out);
try {
  await ensureDatabase(pg.adminUrl, 'nine_bench');
  const db = createDb(pg.url('nine_bench'), 30);
  await migrate(db.pool, paths.migrations);
  out(`seeding scale ${scale} (${(20_000 * scale).toLocaleString('en-US')} orders)…`);
  const seeded = await seedDemoData(db, { scale, log: () => {} });
  out(
    `seed: ${seeded.orders.toLocaleString('en-US')} orders, ${seeded.items.toLocaleString('en-US')} items, ${seeded.customers.toLocaleString('en-US')} customers in ${(seeded.ms / 1000).toFixed(1)} s`,
  );

  const config = { ...loadConfig({}), webDist: '/nonexistent', logLevel: 'warn' };
  const { app } = await buildApp({ config, db, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
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
  await app.close();
  await db.close();
} finally {
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}
