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

/** Times `count` GETs one at a time; a route that is not there yet (404) skips the figure. */
async function timed(
  urls: string[],
  headers: Record<string, string>,
  count: number,
): Promise<{ p50: number; p95: number; rows: number } | null> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await fetch(urls[i % urls.length]!, { headers });
    if (response.status === 404 && i === 0) return null;
    const body = (await response.json()) as { data: { rows?: unknown[]; participants?: unknown[] } };
    if (!response.ok) throw new Error(`tours bench: HTTP ${response.status} on ${urls[i % urls.length]}`);
    times.push(performance.now() - t0);
    rows = Math.max(rows, (body.data.rows ?? body.data.participants ?? []).length);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows };
}

/**
 * Tour reservations for `pnpm bench`: the reservation list (a page of 50 as the screen asks for it, five ways:
 * newest first, by departure day, owing, unsigned, a search) and the manifests of the fullest departures, at the
 * location with the most reservations, one request at a time on loopback. Target: p95 under 100 ms for the list,
 * 50 ms for a manifest.
 */
export async function benchTourReservations(opts: {
  url: string;
  auth: Record<string, string>;
  db: Db;
  out: (line: string) => void;
}): Promise<void> {
  const { url, auth, db, out } = opts;
  const busiest = (
    await db.pool.query<{ location_id: number; n: number; total: number }>(
      `SELECT o.location_id, count(*)::int AS n, sum(count(*)) OVER ()::int AS total
       FROM tour_reservations r JOIN orders o ON o.id = r.order_id GROUP BY o.location_id ORDER BY n DESC LIMIT 1`,
    )
  ).rows[0];
  if (!busiest) {
    out('\ntour reservations: none seeded, skipped');
    return;
  }
  const headers = { ...auth, 'location-id': String(busiest.location_id) };
  const ms = (v: number) => v.toFixed(1);
  const list = `${url}/api/nine/tours/reservations?page_size=50`;
  const now = new Date();
  const day = (d: number) => new Date(now.getTime() + d * 86_400_000).toISOString().slice(0, 10);
  const variants: [string, string][] = [
    ['newest', list],
    ['next 30 days by day', `${list}&sort=starts_at&sort_type=asc&from=${day(0)}&to=${day(30)}`],
    ['owing', `${list}&balance=due&status=live`],
    ['unsigned, coming', `${list}&signed=incomplete&from=${day(0)}`],
    ['search "mart"', `${list}&search=mart`],
  ];
  out(
    `\ntour reservation list, page of 50 (${busiest.n} reservations at the location, ${busiest.total} in all; ` +
      '40 requests each, one at a time; target p95 < 100 ms):',
  );
  for (const [name, variant] of variants) {
    const figures = await timed([variant], headers, 40);
    if (!figures) {
      out('  no route yet, skipped');
      break;
    }
    out(`  ${name.padEnd(22)} p50 ${ms(figures.p50)} ms, p95 ${ms(figures.p95)} ms (${figures.rows} rows)`);
  }
  const fullest = (
    await db.pool.query<{ id: number; seats: number }>(
      `SELECT id, seats_taken AS seats FROM tour_events WHERE location_id = $1 ORDER BY seats_taken DESC, id LIMIT 10`,
      [busiest.location_id],
    )
  ).rows;
  const manifests = await timed(
    fullest.map((e) => `${url}/api/nine/tours/events/${e.id}/manifest`),
    headers,
    120,
  );
  out(
    manifests
      ? `tour event manifest (the 10 fullest departures, up to ${manifests.rows} participants): ` +
          `p50 ${ms(manifests.p50)} ms, p95 ${ms(manifests.p95)} ms (120 requests, one at a time; target p95 < 50 ms)`
      : 'tour event manifest: no route yet, skipped',
  );
}
