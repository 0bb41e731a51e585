import type pg from 'pg';
import { exec } from '../db/sql.ts';
import { bulkInsert } from './bulk-insert.ts';
import type { Random } from './random.ts';

const DAY = 86_400_000;

// What breaks on rental bikes, kayaks and boards, and what fixing it costs (minor units).
const PROBLEMS = [
  'Brakes rubbing after return',
  'Flat rear tyre',
  'Chain skipping under load',
  'Cracked fin box',
  'Scratched hull, gelcoat chipped',
  'Gears not shifting cleanly',
  'Loose handlebar stem',
  'Paddle shaft bent',
  'Seat clamp broken',
  'Battery not holding charge',
] as const;
const WORK: readonly (readonly [string, number])[] = [
  ['Replaced brake pads', 1850],
  ['New inner tube and tyre', 2400],
  ['Replaced chain and cassette', 6400],
  ['Epoxy repair of fin box', 3500],
  ['Gelcoat patched and polished', 4200],
  ['Cable and housing replaced, gears indexed', 2900],
  ['Stem bolts torqued, headset adjusted', 0],
  ['New paddle shaft', 5600],
  ['Seat clamp replaced', 1200],
  ['Battery cells tested, pack replaced', 18900],
  ['Safety check after repair', 0],
];

/**
 * Closed repair logs over the seeded period, with their work and cost, for the repair-log screens and the
 * Repair Logs report. All closed: an open repair would take a demo item out of service.
 */
export async function seedRepairs(
  client: pg.PoolClient,
  rng: Random,
  ctx: {
    items: readonly { id: number; locationId: number }[];
    staffIdsByLocation: Map<number, number[]>;
    now: Date;
  },
): Promise<number> {
  const logs: unknown[][] = [];
  const work: unknown[][] = [];
  for (const item of ctx.items) {
    if (!rng.chance(0.06)) continue;
    const staff = ctx.staffIdsByLocation.get(item.locationId)!;
    // A third in the last four weeks, so this month's report has some; the rest over two years.
    const daysAgo = rng.chance(0.3) ? rng.int(10, 28) : rng.int(29, 700);
    const opened = new Date(ctx.now.getTime() - daysAgo * DAY - rng.int(0, 8) * 3_600_000);
    const closed = new Date(opened.getTime() + rng.int(1, 9) * DAY); // nine days at most: closed before now
    const id = logs.length + 1;
    const by = rng.pick(staff);
    logs.push([
      id,
      item.id,
      item.locationId,
      'closed',
      rng.pick(PROBLEMS),
      by,
      opened,
      rng.pick(staff),
      closed,
    ]);
    for (let n = rng.int(1, 3); n > 0; n--) {
      const [what, cost] = rng.pick(WORK);
      const at = new Date(opened.getTime() + rng.int(1, Math.max(1, closed.getTime() - opened.getTime())));
      work.push([work.length + 1, id, what, cost, by, at]);
    }
  }
  await bulkInsert(
    client,
    'repair_logs',
    [
      ['id', 'bigint'],
      ['item_id', 'int'],
      ['location_id', 'int'],
      ['status', 'repair_status'],
      ['problem', 'text'],
      ['opened_by', 'int'],
      ['opened_at', 'timestamptz'],
      ['closed_by', 'int'],
      ['closed_at', 'timestamptz'],
    ],
    logs,
    { overridingSystemValue: true },
  );
  await bulkInsert(
    client,
    'repair_work',
    [
      ['id', 'bigint'],
      ['repair_log_id', 'bigint'],
      ['work', 'text'],
      ['cost_minor', 'bigint'],
      ['user_id', 'int'],
      ['at', 'timestamptz'],
    ],
    work,
    { overridingSystemValue: true },
  );
  for (const table of ['repair_logs', 'repair_work']) {
    await exec(
      client,
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
    );
  }
  return logs.length;
}
