/**
 * Tour figures for `pnpm bench`: the events calendar's month view (a 42-day window, as the month grid shows
 * it with its leading and trailing days) over the seeded departures, at the location holding the most, timed
 * one request at a time on loopback. Target: p95 under 50 ms.
 */
import type { Db } from '../src/db/pool.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export async function benchTours(opts: {
  url: string;
  auth: Record<string, string>;
  db: Db;
  out: (line: string) => void;
}): Promise<void> {
  const { url, auth, db, out } = opts;
  const busiest = (
    await db.pool.query<{ location_id: number; n: number; total: number }>(
      `SELECT location_id, count(*)::int AS n, sum(count(*)) OVER ()::int AS total
       FROM tour_events GROUP BY location_id ORDER BY n DESC LIMIT 1`,
    )
  ).rows[0];
  if (!busiest) {
    out('\ntour events calendar: no tour events seeded, skipped');
    return;
  }
  const headers = { ...auth, 'location-id': String(busiest.location_id) };
  // Months around today: the seed runs from 120 days before it to 150 after.
  const now = new Date();
  const windows = [-3, -2, -1, 0, 1, 2, 3, 4].map((m) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1));
    const from = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
    return { from: from.toISOString(), to: new Date(from.getTime() + 42 * 86_400_000).toISOString() };
  });
  const times: number[] = [];
  let events = 0;
  for (let i = 0; i < 120; i++) {
    const w = windows[i % windows.length]!;
    const t0 = performance.now();
    const response = await fetch(
      `${url}/api/nine/tours/events/calendar?from=${encodeURIComponent(w.from)}&to=${encodeURIComponent(w.to)}`,
      { headers },
    );
    const body = (await response.json()) as { data: { events: unknown[] } };
    if (!response.ok) throw new Error(`tours bench: HTTP ${response.status}`);
    times.push(performance.now() - t0);
    events = Math.max(events, body.data.events.length);
  }
  times.sort((a, b) => a - b);
  const ms = (v: number) => v.toFixed(1);
  out(
    `\ntour events calendar, month view (42 days, up to ${events} of ${busiest.n} departures at the busiest location, ` +
      `${busiest.total} in all): p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms ` +
      `(120 requests, one at a time; target p95 < 50 ms)`,
  );
}
