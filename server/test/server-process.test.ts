import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';

const serverDir = resolve(import.meta.dirname, '..');
let dataDir = '';

interface Run {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function start(): Promise<Run> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 90_000);
    child.stdout!.on('data', () => out.includes('ready in') && (clearTimeout(timer), ok()));
    child.on('exit', (code) => (clearTimeout(timer), fail(new Error(`server exited ${code}:\n${out}`))));
  });
  return { child, output: () => out, port };
}

async function stop(run: Run): Promise<number | null> {
  const exited = new Promise<number | null>((ok) => run.child.on('exit', (code) => ok(code)));
  run.child.kill('SIGTERM');
  return exited;
}

async function orderCount(port: number): Promise<number> {
  const login = await fetch(`http://127.0.0.1:${port}/api/nine/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@nine.test', password: 'Nine-demo-1' }),
  });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { token: string; location_id: number } };
  const res = await fetch(`http://127.0.0.1:${port}/api/nine/dashboard/summary`, {
    headers: { authorization: `Bearer ${data.token}`, 'location-id': String(data.location_id) },
  });
  expect(res.status).toBe(200);
  const summary = (await res.json()) as { data: { orders_created_today: number; open_sale_orders: number } };
  return summary.data.open_sale_orders;
}

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the server process on an embedded database', () => {
  it('creates and seeds the database on first start, reuses it untouched on the next, and stops cleanly', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'nine-start-'));
    const first = await start();
    expect(first.output()).toContain('seeding demo data');
    expect(first.output()).toContain('admin@nine.test');
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(((await health.json()) as { data: { database: string } }).data.database).toBe('up');
    const before = await orderCount(first.port);
    expect(await stop(first)).toBe(0);

    const second = await start();
    expect(second.output()).not.toContain('seeding demo data');
    expect(await orderCount(second.port)).toBe(before);
    expect(await stop(second)).toBe(0);
  });
});
