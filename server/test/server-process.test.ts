import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, stopServer } from './helpers/server-process.ts';

let dataDir = '';

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
    const first = await startServer(dataDir);
    expect(first.output()).toContain('seeding demo data');
    expect(first.output()).toContain('admin@nine.test');
    const health = await fetch(`http://127.0.0.1:${first.port}/api/health`);
    expect(((await health.json()) as { data: { database: string } }).data.database).toBe('up');
    const before = await orderCount(first.port);
    expect(await stopServer(first)).toBe(0);

    const second = await startServer(dataDir);
    expect(second.output()).not.toContain('seeding demo data');
    expect(await orderCount(second.port)).toBe(before);
    expect(await stopServer(second)).toBe(0);
  });
});
