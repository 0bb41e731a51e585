/**
 * Payment creation for `pnpm bench`: POST /api/nine/payments under concurrency (autocannon, 10 connections),
 * each request with its own Idempotency-Key, spread over open orders of the location so the order-row
 * locks do not serialise every request. Each payment is one cent, so no order is ever overpaid.
 * Prints req/s, p50 and p95, and checks afterwards that every payment made has balanced ledger rows.
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/pool.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export async function benchPayments(opts: {
  url: string;
  auth: Record<string, string>;
  locationId: number;
  db: Db;
  duration: number;
  out: (line: string) => void;
}): Promise<void> {
  const { url, auth, db, out } = opts;
  const connections = 10;
  const { rows: orders } = await db.pool.query<{ id: number }>(
    `SELECT o.id FROM orders o
     WHERE o.location_id = $1 AND o.status NOT IN ('cancelled', 'pre-cancel', 'closed')
       AND EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.status <> 'cancelled')
       AND o.total_minor - coalesce((SELECT sum(amount_minor) FROM payments p WHERE p.order_id = o.id), 0) > 1000
     ORDER BY o.id DESC LIMIT 500`,
    [opts.locationId],
  );
  if (orders.length === 0) {
    out('\npayments: no open order with a balance to pay against; skipped');
    return;
  }
  const before = (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM payments')).rows[0]!.n;
  let next = 0;
  const times: number[] = [];
  let failed = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/nine/payments`,
        method: 'POST',
        duration: opts.duration,
        connections,
        requests: [
          {
            setupRequest: (req) => {
              const orderId = orders[next++ % orders.length]!.id;
              req.headers = {
                ...auth,
                'content-type': 'application/json',
                'idempotency-key': randomUUID(),
              };
              req.body = JSON.stringify({ order_id: orderId, method: 'cash', amount_minor: 1 });
              return req;
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      if (status !== 201) failed++;
      times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  const facts = (
    await db.pool.query<{ made: number; unbalanced: number }>(
      `SELECT (SELECT count(*) FROM payments)::int - $1 AS made,
              (SELECT count(*) FROM (SELECT txn_id FROM ledger_entries WHERE payment_id IN
                 (SELECT id FROM payments ORDER BY id DESC LIMIT 100000) GROUP BY txn_id HAVING sum(amount_minor) <> 0) t)::int AS unbalanced`,
      [before],
    )
  ).rows[0]!;
  out(
    `\npayment creation (POST /api/nine/payments, ${connections} connections, unique Idempotency-Key, ` +
      `${orders.length} orders): ${Math.round(result.requests.average)} req/s, p50 ${percentile(times, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(times, 95).toFixed(1)} ms, ${facts.made} payments made, ` +
      `${failed + result.errors + result.timeouts} failed, ${facts.unbalanced} unbalanced ledger transactions`,
  );
}
