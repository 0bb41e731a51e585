/**
 * `pnpm --filter @nine/server bench:scale` (run by `pnpm bench` too): does a second server process on the
 * same database add throughput, and does it keep the money right? One PostgreSQL (embedded in
 * DATA_DIR/bench/scale, seeded with the demo data once and reused; or DATABASE_URL when set), two API
 * processes (`node server/src/server.ts`, each with its own pool, pointed at that database), then:
 *   1. a read mix (rent order list, dashboard summary, invoices, customer search, health) with
 *      --connections C (default 20) for --duration S (default 10) against one process,
 *   2. the same load spread round-robin over both processes, and the ratio of the two,
 *   3. a write burst through one process, then through both: every payment sent twice with one
 *      Idempotency-Key (both copies at once, through different processes in the second burst), which must
 *      make exactly one payment per key, the same totals both times, and pass every integrity rule.
 * Prints the machine's cores, load and where the CPU went (API processes, PostgreSQL, the load generator),
 * since on a small machine the ratio is bounded by the CPU, not by the server; writes DATA_DIR/bench/scale.json.
 * Options: --connections C, --duration S, --rounds R (alternate the two steps R times, ratio of the medians;
 * default 1), --scale N (demo seed size, default 1 = 20,000 orders), --writes
 * (allow the write burst on a DATABASE_URL database the bench did not seed). Environment: PORT (first API
 * process; the second takes PORT + 1; default free ports), DATA_DIR, DATABASE_URL.
 */
import autocannon from 'autocannon';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig, paths } from '../src/config.ts';
import { ensureDatabase } from '../src/db/bootstrap.ts';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded-postgres.ts';
import { migrate } from '../src/db/migrate.ts';
import { createDb } from '../src/db/pool.ts';
import { one, rows } from '../src/db/sql.ts';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { isSeeded, seedDemoData } from '../src/seed/seed-demo.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const connections = Number(arg('connections') ?? 20);
const duration = Number(arg('duration') ?? 10);
const scale = Number(arg('scale') ?? 1);
const rounds = Number(arg('rounds') ?? 1);
const allowWrites = process.argv.includes('--writes');
const WARMUP_S = 2;
const WRITE_KEYS = 200;
const out = (line: string) => process.stdout.write(`${line}\n`);

const config = loadConfig(process.env);
const benchDir = join(config.dataDir, 'bench');
await mkdir(benchDir, { recursive: true });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const round1 = (n: number) => Math.round(n * 10) / 10;

// --- CPU accounting from /proc (Linux): where the cores went during a step, in % of one core. ---
let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
} catch {
  // Not Linux, or no getconf: the figures below are skipped when /proc is missing anyway.
}
function procTicks(pid: number): { ppid: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: state ppid … utime(14) stime(15).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}
/** The postmaster and its backends (only this cluster's, not other PostgreSQL servers on the machine). */
function postgresPids(postmaster: number | null): number[] {
  if (!postmaster) return [];
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (pid && procTicks(pid)?.ppid === postmaster) pids.push(pid);
  }
  return pids;
}
function machineTicks(): { busy: number; total: number } | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = cpu.reduce((a, b) => a + b, 0);
    return { busy: total - cpu[3]! - (cpu[4] ?? 0), total };
  } catch {
    return null;
  }
}
interface CpuSnapshot {
  at: number;
  machine: { busy: number; total: number } | null;
  api: number[];
  postgres: Map<number, number>;
  loadgen: NodeJS.CpuUsage;
}
function snapshot(apiPids: number[], postmaster: number | null): CpuSnapshot {
  const postgres = new Map<number, number>();
  for (const pid of postgresPids(postmaster)) postgres.set(pid, procTicks(pid)?.ticks ?? 0);
  return {
    at: performance.now(),
    machine: machineTicks(),
    api: apiPids.map((pid) => procTicks(pid)?.ticks ?? 0),
    postgres,
    loadgen: process.cpuUsage(),
  };
}
function cpuBetween(a: CpuSnapshot, b: CpuSnapshot) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (ticks: number) => round1((ticks / ticksPerSecond / seconds) * 100);
  let pg = 0;
  // Backends that ended during the step are lost; new ones count from zero.
  for (const [pid, ticks] of b.postgres) pg += ticks - (a.postgres.get(pid) ?? 0);
  const loadgen = process.cpuUsage(a.loadgen);
  const api = b.api.map((t, i) => pct(t - a.api[i]!));
  const postgres = b.postgres.size ? pct(pg) : null;
  const generator = round1(((loadgen.user + loadgen.system) / 1e6 / seconds) * 100);
  const busy =
    a.machine && b.machine ? (b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total) : null;
  return {
    machine_busy_pct: busy === null ? null : round1(busy * 100),
    api_pct_of_core: api,
    postgres_pct_of_core: postgres,
    loadgen_pct_of_core: generator,
    // Everything else on the machine (other people's work on a shared one), in % of one core.
    others_pct_of_core:
      busy === null || postgres === null
        ? null
        : Math.max(
            0,
            round1(busy * cpus().length * 100 - api.reduce((x, y) => x + y, 0) - postgres - generator),
          ),
  };
}

// --- The database: embedded and reused, or DATABASE_URL. ---
let embedded: EmbeddedDatabase | null = null;
let embeddedDir: string | null = null;
let url = config.databaseUrl;
if (!url) {
  embeddedDir = join(benchDir, 'scale');
  embedded = await startEmbeddedPostgres(embeddedDir, out);
  await ensureDatabase(embedded.adminUrl, 'nine_scale');
  url = embedded.url('nine_scale');
}
const postmasterPid = embeddedDir
  ? Number(readFileSync(join(embeddedDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
  : null;
let db = createDb(url, 5);
const children: ChildProcess[] = [];
async function stopChildren() {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}
process.once('SIGINT', () => void stopChildren().finally(() => process.exit(130)));

/** One API process, as `pnpm start` runs it, but on the shared database (so it starts no cluster). */
async function startApi(port: number, name: string): Promise<{ url: string; pid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(paths.repoRoot, 'server/src/server.ts')], {
    cwd: join(paths.repoRoot, 'server'),
    // Only what the server needs: a shop's SMTP, SSO or EXPORTS_DIR settings must not reach the bench.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: join(benchDir, `scale-${name}`),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(benchDir, 'no-web-build'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process ${name} exited:\n${log}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url: base, pid: child.pid! };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API process ${name} not ready in 90 s:\n${log}`);
}

interface Step {
  label: string;
  processes: number;
  req_s: number;
  p50_ms: number;
  p95_ms: number;
  requests: number;
  errors: number;
  endpoints: Record<string, { requests: number; p50_ms: number; p95_ms: number }>;
  cpu: ReturnType<typeof cpuBetween>;
  loadavg_before: number[];
  loadavg_after: number[];
}

try {
  try {
    await migrate(db.pool, paths.migrations);
  } catch (err) {
    // The bench's own cluster is disposable: a migration edited since it was seeded means seeding afresh.
    if (!embedded || !(err instanceof Error && err.message.includes('changed after it was applied')))
      throw err;
    out(`${err.message}: seeding the bench database afresh`);
    await db.close();
    const admin = new pg.Client({ connectionString: embedded.adminUrl });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS nine_scale WITH (FORCE)').finally(() => admin.end());
    await ensureDatabase(embedded.adminUrl, 'nine_scale');
    db = createDb(url, 5);
    await migrate(db.pool, paths.migrations);
  }
  const seededHere = !(await isSeeded(db));
  if (seededHere) {
    out(`seeding the demo data at scale ${scale} (${(20_000 * scale).toLocaleString('en-US')} orders)…`);
    const seeded = await seedDemoData(db, { scale, log: () => {} });
    out(`  seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
  }
  const { n: orderCount } = await one<{ n: number }>(db.pool, 'SELECT count(*)::int AS n FROM orders');
  out(
    `database: ${embedded ? `embedded in ${embeddedDir}` : 'DATABASE_URL'}, ${orderCount.toLocaleString('en-US')} orders`,
  );

  const basePort = Number(process.env.PORT) || 0;
  const ports = basePort ? [basePort, basePort + 1] : [await freePort(), await freePort()];
  out(`starting two API processes on ports ${ports.join(' and ')}…`);
  const t0 = performance.now();
  const apis = await Promise.all([startApi(ports[0]!, 'a'), startApi(ports[1]!, 'b')]);
  out(`  both ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const login = await fetch(`${apis[0]!.url}/api/nine/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@nine.test', password: DEMO_PASSWORD }),
  });
  if (!login.ok)
    throw new Error(`sign-in as admin@nine.test failed (${login.status}): the bench needs the demo accounts`);
  const { data } = (await login.json()) as { data: { token: string; location_id: number } };
  const auth = { authorization: `Bearer ${data.token}`, 'location-id': String(data.location_id) };

  // The read mix: what a counter's screens ask for, each connection cycling through it in order.
  const MIX: [string, string][] = [
    ['rent orders, first page', '/api/nine/rent-orders?page_size=25'],
    ['dashboard summary', '/api/nine/dashboard/summary'],
    ['invoices/rents, first page', '/api/nine/invoices/rents?page_size=25'],
    ['customers search "mart"', '/api/nine/customers?page_size=25&search=mart'],
    ['health', '/api/health'],
  ];

  async function load(
    targets: string[],
    seconds: number,
    record?: (name: string, status: number, ms: number) => void,
  ) {
    let last = '';
    let lastStatus = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          // autocannon takes several URLs and gives connection i the URL i % n (round-robin); its types say one.
          url: targets as unknown as string,
          connections,
          duration: seconds,
          headers: auth,
          // onResponse runs just before the client's 'response' event of the same reply: it names the reply.
          requests: MIX.map(([name, path]) => ({
            method: 'GET' as const,
            path,
            onResponse: (status: number) => {
              last = name;
              lastStatus = status;
            },
          })),
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
        record?.(last, lastStatus, ms),
      );
    });
    return result;
  }

  async function step(label: string, targets: { url: string; pid: number }[]): Promise<Step> {
    await load(
      targets.map((t) => t.url),
      WARMUP_S,
    );
    const times: number[] = [];
    const byName = new Map<string, number[]>();
    let errors = 0;
    const loadavgBefore = loadavg().map(round1);
    const before = snapshot(
      apis.map((a) => a.pid),
      postmasterPid,
    );
    const result = await load(
      targets.map((t) => t.url),
      duration,
      (name, status, ms) => {
        if (status >= 400) errors++;
        times.push(ms);
        const list = byName.get(name);
        if (list) list.push(ms);
        else byName.set(name, [ms]);
      },
    );
    const cpu = cpuBetween(
      before,
      snapshot(
        apis.map((a) => a.pid),
        postmasterPid,
      ),
    );
    times.sort((a, b) => a - b);
    const endpoints: Step['endpoints'] = {};
    for (const [name, list] of byName) {
      list.sort((a, b) => a - b);
      endpoints[name] = {
        requests: list.length,
        p50_ms: round1(percentile(list, 50)),
        p95_ms: round1(percentile(list, 95)),
      };
    }
    return {
      label,
      processes: targets.length,
      req_s: round1(times.length / duration),
      p50_ms: round1(percentile(times, 50)),
      p95_ms: round1(percentile(times, 95)),
      requests: times.length,
      errors: errors + result.errors + result.timeouts,
      endpoints,
      cpu,
      loadavg_before: loadavgBefore,
      loadavg_after: loadavg().map(round1),
    };
  }

  const cores = cpus().length;
  out(
    `\nread mix (${MIX.map(([n]) => n).join(', ')}), ${connections} connections, ${duration} s per step ` +
      `after ${WARMUP_S} s warm-up; ${cores} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  // Alternating rounds (--rounds) so a change in the machine's other load does not favour one side.
  const steps: Step[] = [];
  for (let r = 1; r <= rounds; r++) {
    const suffix = rounds > 1 ? ` #${r}` : '';
    steps.push(await step(`one API process${suffix}`, [apis[0]!]));
    steps.push(await step(`two API processes${suffix}`, apis));
  }
  const row = (cells: string[]) =>
    out(cells.map((c, i) => (i === 0 ? c.padEnd(22) : c.padStart(9))).join(' '));
  row([
    '',
    'req/s',
    'p50 ms',
    'p95 ms',
    'errors',
    'API cpu%',
    'pg cpu%',
    'gen cpu%',
    'other%',
    'busy %',
    'load',
  ]);
  for (const s of steps) {
    row([
      s.label,
      s.req_s.toFixed(0),
      s.p50_ms.toFixed(1),
      s.p95_ms.toFixed(1),
      String(s.errors),
      s.cpu.api_pct_of_core.slice(0, s.processes).join('+'),
      String(s.cpu.postgres_pct_of_core ?? '-'),
      String(s.cpu.loadgen_pct_of_core),
      String(s.cpu.others_pct_of_core ?? '-'),
      String(s.cpu.machine_busy_pct ?? '-'),
      s.loadavg_after[0]!.toFixed(2),
    ]);
  }
  out(
    "cpu% is of one core (the API processes, this cluster's PostgreSQL, the load generator, everything else)",
  );
  for (const name of MIX.map(([n]) => n)) {
    out(
      `  ${name.padEnd(28)} ` +
        steps
          .slice(0, 2)
          .map(
            (s) =>
              `${s.processes}: p50 ${s.endpoints[name]?.p50_ms.toFixed(1) ?? '-'} ms, p95 ${s.endpoints[name]?.p95_ms.toFixed(1) ?? '-'} ms`,
          )
          .join('   '),
    );
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const oneReqS = median(steps.filter((s) => s.processes === 1).map((s) => s.req_s));
  const twoReqS = median(steps.filter((s) => s.processes === 2).map((s) => s.req_s));
  const ratio = Math.round((twoReqS / oneReqS) * 100) / 100;
  out(
    `\nthroughput, two processes / one: ${twoReqS.toFixed(0)} / ${oneReqS.toFixed(0)} req/s = ${ratio.toFixed(2)}x` +
      (rounds > 1 ? ` (medians of ${rounds} rounds)` : ''),
  );
  const last = steps[steps.length - 1]!;
  const busy = last.cpu.machine_busy_pct;
  const others = last.cpu.others_pct_of_core;
  out(
    `note: PostgreSQL, both API processes and the load generator share ${cores} cores here` +
      (busy !== null ? `, ${busy} % busy during the two-process step` : '') +
      (others !== null ? ` (other work on the machine took ${others} % of a core)` : '') +
      `, load average ${last.loadavg_after.map((n) => n.toFixed(2)).join(' ')}. ` +
      (cores <= 2 || (busy ?? 0) > 85
        ? 'The ratio is bounded by the CPU, not by the server: a second process only helps as far as there are idle cores. '
        : '') +
      'A process runs its JavaScript on one core (its cpu% above); with a core per API process ' +
      'beside the database\u2019s, two processes should serve about twice the load.',
  );

  // --- Writes through both processes: idempotency and money rules hold across processes. ---
  let writes: unknown = {
    skipped: 'DATABASE_URL holds data the bench did not seed; pass --writes to allow it',
  };
  if (embedded || seededHere || allowWrites) {
    const orders = await rows<{ id: number }>(
      db.pool,
      `SELECT o.id FROM orders o
       WHERE o.location_id = $1 AND o.status NOT IN ('cancelled', 'pre-cancel', 'closed')
         AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.status <> 'cancelled')
         AND o.total_minor - coalesce((SELECT sum(amount_minor) FROM payments p WHERE p.order_id = o.id), 0) > 1000
       ORDER BY o.id DESC LIMIT 100`,
      [data.location_id],
    );
    const burst = async (label: string, targets: string[]) => {
      const { max } = await one<{ max: number }>(
        db.pool,
        'SELECT coalesce(max(id), 0)::int AS max FROM payments',
      );
      const statuses = new Map<number, number>();
      let mismatched = 0;
      const t = performance.now();
      let next = 0;
      // 10 keys in flight, each sent twice at once (a client retrying), through targets[0] and targets[1 % n].
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (next < WRITE_KEYS) {
            const i = next++;
            const key = randomUUID();
            const body = JSON.stringify({
              order_id: orders[i % orders.length]!.id,
              method: 'card',
              amount_minor: 1,
              reference: '4242',
            });
            const answers = await Promise.all(
              [targets[0]!, targets[1 % targets.length]!].map(async (base) => {
                const res = await fetch(`${base}/api/nine/payments`, {
                  method: 'POST',
                  headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': key },
                  body,
                });
                statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
                return ((await res.json()) as { data?: { id?: number } }).data?.id;
              }),
            );
            if (answers[0] === undefined || answers[0] !== answers[1]) mismatched++;
          }
        }),
      );
      const ms = performance.now() - t;
      const made = await one<{ payments: number; minor: number; ledger_rows: number; ledger_sum: number }>(
        db.pool,
        `SELECT count(*)::int AS payments, coalesce(sum(amount_minor), 0)::int AS minor,
                (SELECT count(*) FROM ledger_entries WHERE payment_id > $1)::int AS ledger_rows,
                (SELECT coalesce(sum(amount_minor), 0) FROM ledger_entries WHERE payment_id > $1)::int AS ledger_sum
         FROM payments WHERE id > $1`,
        [max],
      );
      return {
        label,
        keys: WRITE_KEYS,
        requests: WRITE_KEYS * 2,
        seconds: round1(ms / 1000),
        statuses: Object.fromEntries(statuses),
        answers_differing_per_key: mismatched,
        ...made,
      };
    };
    if (orders.length === 0) {
      writes = { skipped: 'no open order with a balance to pay against' };
    } else {
      const single = await burst('one process', [apis[0]!.url]);
      const two = await burst(
        'two processes',
        apis.map((a) => a.url),
      );
      const integrity = await runIntegrityChecks(db.pool);
      const broken = integrity.filter((r) => r.violations > 0);
      const same =
        single.payments === two.payments &&
        single.minor === two.minor &&
        single.ledger_rows === two.ledger_rows &&
        two.payments === WRITE_KEYS &&
        two.ledger_sum === 0 &&
        two.answers_differing_per_key === 0;
      out(
        `\nwrite burst: ${WRITE_KEYS} card payments of 1 cent over ${orders.length} open orders, each sent twice at once ` +
          `with one Idempotency-Key (10 keys in flight)`,
      );
      for (const b of [single, two]) {
        out(
          `  ${b.label.padEnd(14)} ${b.payments} payments, ${b.minor} cents, ${b.ledger_rows} ledger rows summing to ` +
            `${b.ledger_sum}, answers ${JSON.stringify(b.statuses)}, ${b.answers_differing_per_key} keys answered ` +
            `with two different payments, ${b.seconds} s`,
        );
      }
      out(
        `  ${same ? 'same totals through one and two processes' : 'TOTALS DIFFER'}; integrity: ` +
          (broken.length === 0
            ? `all ${integrity.length} rules hold`
            : `${broken.length} broken (${broken.map((r) => r.name).join(', ')})`),
      );
      writes = {
        bursts: [single, two],
        same_totals: same,
        integrity: integrity.map((r) => ({ name: r.name, violations: r.violations })),
      };
      if (!same || broken.length) process.exitCode = 1;
    }
  }

  const file = join(benchDir, 'scale.json');
  await writeFile(
    file,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        machine: { cores, model: cpus()[0]?.model, loadavg_end: loadavg().map(round1) },
        database: { embedded: Boolean(embedded), orders: orderCount },
        load: {
          connections,
          duration_s: duration,
          warmup_s: WARMUP_S,
          mix: MIX.map(([name, path]) => ({ name, path })),
        },
        steps,
        req_s: { one: oneReqS, two: twoReqS },
        ratio,
        writes,
      },
      null,
      2,
    ),
  );
  out(`\nwrote ${file}`);
} finally {
  await stopChildren();
  await db.close();
  await embedded?.stop();
}
