import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded-postgres.ts';
import { createCatalogue, createLocation, createUser } from './helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

/** Starts the real server on the test database and resolves once it listens. */
async function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: tdb.url,
      PORT: String(port),
      LOG_LEVEL: 'fatal',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((ok, fail) => {
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('ready in')) ok();
    });
    child.stderr.on('data', (c) => (out += c));
    child.on('exit', (code) => fail(new Error(`server exited ${code}: ${out}`)));
  });
  return child;
}

describe('a server killed in the middle of taking payments', () => {
  it('leaves each payment whole or absent, never half-written', async () => {
    const loc = await createLocation(tdb.db, 'Crash');
    const cat = await createCatalogue(tdb.db, loc, { saleStock: 1000 });
    await createUser(tdb.db, {
      email: 'clerk@nine.test',
      locations: [loc],
      grants: [
        { resource: 'sell_order', action: 'manage' },
        { resource: 'financial_transaction', action: 'change' },
      ],
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(port);
    const login = await fetch(`${base}/api/nine/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'clerk@nine.test', password: 'Secret-pass-1' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = {
      authorization: `Bearer ${token}`,
      'location-id': String(loc),
      'content-type': 'application/json',
    };
    const orderIds: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${base}/api/nine/sale-orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ items: [{ product_id: cat.saleProductId, quantity: 1 }] }),
      });
      orderIds.push(((await res.json()) as { data: { id: number } }).data.id);
    }

    // Fire every payment at once and kill the process as soon as the first answer comes back.
    const exited = new Promise((ok) => server.on('exit', ok));
    let killed = false;
    const attempts = orderIds.map((id, i) =>
      fetch(`${base}/api/nine/payments`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `crash-${i}` },
        body: JSON.stringify({ order_id: id, method: 'cash', amount_minor: 500 }),
      })
        .then((r) => {
          if (!killed) {
            killed = true;
            server.kill('SIGKILL');
          }
          return r.status;
        })
        .catch(() => 'cut'),
    );
    const outcomes = await Promise.all(attempts);
    await exited;
    expect(outcomes).toContain('cut');

    const q = async (sql: string) => (await tdb.db.pool.query(sql)).rows[0];
    const facts = await q(`SELECT
        (SELECT count(*) FROM payments)::int AS payments,
        (SELECT count(*) FROM payments p WHERE (SELECT coalesce(sum(amount_minor), 0) FROM ledger_entries e WHERE e.payment_id = p.id AND e.refund_id IS NULL AND e.gl_code = '1000') <> p.amount_minor)::int AS without_ledger,
        (SELECT count(*) FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_minor) <> 0) t)::int AS unbalanced,
        (SELECT count(*) FROM ledger_entries e WHERE e.payment_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.id = e.payment_id))::int AS orphan_ledger,
        (SELECT count(*) FROM idempotency_keys WHERE response_status IS NULL)::int AS keys_without_answer,
        (SELECT count(*) FROM idempotency_keys)::int AS keys`);
    expect(facts.without_ledger).toBe(0);
    expect(facts.unbalanced).toBe(0);
    expect(facts.orphan_ledger).toBe(0);
    expect(facts.keys_without_answer).toBe(0);
    // Every committed payment has its key; none was cut half-way.
    expect(facts.keys).toBe(facts.payments);
    expect(facts.payments).toBeLessThan(40);

    // After a restart the same retries complete the rest exactly once.
    const again = await startServer(port);
    try {
      const statuses = await Promise.all(
        orderIds.map((id, i) =>
          fetch(`${base}/api/nine/payments`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': `crash-${i}` },
            body: JSON.stringify({ order_id: id, method: 'cash', amount_minor: 500 }),
          }).then((r) => r.status),
        ),
      );
      expect(statuses.every((s) => s === 201)).toBe(true);
      expect((await q('SELECT count(*)::int AS n FROM payments')).n).toBe(40);
      expect(
        (
          await q(
            `SELECT count(*)::int AS n FROM (SELECT order_id FROM payments GROUP BY order_id HAVING count(*) > 1) t`,
          )
        ).n,
      ).toBe(0);
    } finally {
      again.kill('SIGTERM');
    }
  });
});
