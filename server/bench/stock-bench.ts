/**
 * Stock figures for `pnpm bench`: the availability calendar's month view (300 rent products x 31 days,
 * the whole page in one request) and barcode lookups, each timed one request at a time on loopback.
 */
import type { Db } from '../src/db/pool.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed(count: number, request: (i: number) => Promise<Response>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await request(i);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`stock bench: HTTP ${response.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

export async function benchStock(opts: {
  url: string;
  auth: Record<string, string>;
  db: Db;
  out: (line: string) => void;
}): Promise<void> {
  const { url, auth, db, out } = opts;
  const products = (
    await db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products WHERE kind = 'rent' AND active`,
    )
  ).rows[0]!.n;
  // The seed's busiest month (in the first location's days): the one holding the most bookings.
  const month =
    (
      await db.pool.query<{ month: string }>(
        `SELECT to_char(date_trunc('month', planned_start AT TIME ZONE (SELECT time_zone FROM locations ORDER BY id LIMIT 1)), 'YYYY-MM') AS month
         FROM order_items WHERE planned_start IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      )
    ).rows[0]?.month ?? new Date().toISOString().slice(0, 7);
  const base = `${url}/api/nine/stock/availability-calendar?page_size=300&start_day=${month}-15`;
  const calendarUrl = `${base.replace(/-15$/, '-01')}&slots=31`;
  const first = (await (await fetch(calendarUrl, { headers: auth })).json()) as { data: { rows: unknown[] } };
  const calendar = await timed(60, () => fetch(calendarUrl, { headers: auth }));
  // The day view in hourly slots reads the bookings themselves.
  const dayView = await timed(60, () => fetch(`${base}&slot_minutes=60&slots=24`, { headers: auth }));

  const { rows: codes } = await db.pool.query<{ barcode: string }>(
    'SELECT barcode FROM items ORDER BY random() LIMIT 200',
  );
  const lookups = await timed(400, (i) =>
    fetch(`${url}/api/nine/stock/barcode?code=${encodeURIComponent(codes[i % codes.length]!.barcode)}`, {
      headers: auth,
    }),
  );
  const ms = (v: number) => v.toFixed(1);
  out(
    `\navailability calendar, month view (${first.data.rows.length} of ${products} rent products x 31 days, ` +
      `${month}): p50 ${ms(percentile(calendar, 50))} ms, p95 ${ms(percentile(calendar, 95))} ms (60 requests, one at a time)`,
  );
  out(
    `availability calendar, day view (24 hourly slots, ${month}-15): p50 ${ms(percentile(dayView, 50))} ms, ` +
      `p95 ${ms(percentile(dayView, 95))} ms (60 requests, one at a time)`,
  );
  out(
    `barcode lookup: p50 ${ms(percentile(lookups, 50))} ms, p95 ${ms(percentile(lookups, 95))} ms (400 requests, one at a time)`,
  );
}
