import type pg from 'pg';
import { rows } from '../db/sql.ts';
import { bulkInsert } from './bulk-insert.ts';

const DAY = 86_400_000;

/** The demo guides (demo-accounts.ts) as tour leaders: profile, week (0 = Sunday) and days off from `now`. */
const LEADERS = [
  {
    email: 'tom@nine.test',
    phone: '+1 415 555 0141',
    bio: 'Old Town historian and lake paddler; leads the walking and kayak tours.',
    color: 'teal',
    // Tuesday to Sunday, 08:00-18:00
    week: [2, 3, 4, 5, 6, 0].map((weekday) => [weekday, '08:00', '18:00'] as const),
    // expires within 30 days of the seed, so the list shows a warning
    firstAidDays: 20,
    daysOff: [[45, 48, 'Family visit']] as const,
  },
  {
    email: 'ines@nine.test',
    phone: '+1 415 555 0142',
    bio: 'Harbor guide, bilingual (English and Spanish), sunset kayak specialist.',
    color: 'orange',
    // Wednesday to Sunday, split around midday, and a long Saturday
    week: [
      ...[3, 4, 5, 0].flatMap((weekday) => [
        [weekday, '09:00', '13:00'] as const,
        [weekday, '15:00', '21:00'] as const,
      ]),
      [6, '08:00', '21:00'] as const,
    ],
    firstAidDays: 200,
    daysOff: [
      [60, 66, 'Holiday'],
      [-20, -19, 'Training course'],
    ] as const,
  },
  {
    email: 'ravi@nine.test',
    phone: '+1 415 555 0143',
    bio: 'Lake and shore trail guide; certified lifeguard.',
    color: 'purple',
    // Monday to Friday mornings, weekends all day
    week: [
      ...[1, 2, 3, 4, 5].map((weekday) => [weekday, '07:00', '14:00'] as const),
      [6, '07:00', '19:00'] as const,
      [0, '07:00', '19:00'] as const,
    ],
    firstAidDays: 400,
    daysOff: [[90, 91, 'Personal']] as const,
  },
] as const;

const day = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Tour leaders of the demo (issue #19): the three guides with a profile, weekly hours, a first-aid skill
 * (Tom's expiring within 30 days), a lifeguard or kayak skill, and a few days off. The events seed reads
 * them by e-mail. Deterministic from `now`: it draws nothing from the shared random stream.
 */
export async function seedTourLeaders(client: pg.PoolClient, now: Date): Promise<number> {
  const users = await rows<{ id: number; email: string }>(
    client,
    `SELECT id, email::text AS email FROM users WHERE email = ANY ($1::text[])`,
    [LEADERS.map((l) => l.email)],
  );
  const userId = new Map(users.map((u) => [u.email, u.id]));
  const present = LEADERS.filter((l) => userId.has(l.email));
  const leaders = await rows<{ id: number; user_id: number }>(
    client,
    `INSERT INTO tour_leaders (user_id, phone, bio, color)
     SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) RETURNING id, user_id`,
    [
      present.map((l) => userId.get(l.email)),
      present.map((l) => l.phone),
      present.map((l) => l.bio),
      present.map((l) => l.color),
    ],
  );
  const leaderOf = new Map(leaders.map((l) => [l.user_id, l.id]));
  const idOf = (email: string) => leaderOf.get(userId.get(email)!)!;
  await bulkInsert(
    client,
    'tour_leader_hours',
    [
      ['leader_id', 'int'],
      ['weekday', 'smallint'],
      ['starts', 'time'],
      ['ends', 'time'],
    ],
    present.flatMap((l) => l.week.map(([weekday, starts, ends]) => [idOf(l.email), weekday, starts, ends])),
  );
  await bulkInsert(
    client,
    'tour_leader_skills',
    [
      ['leader_id', 'int'],
      ['name', 'text'],
      ['reference', 'text'],
      ['issued_on', 'date'],
      ['expires_on', 'date'],
    ],
    present.flatMap((l, i) => [
      [
        idOf(l.email),
        'First aid',
        `FA-${1040 + i}`,
        day(now, l.firstAidDays - 730),
        day(now, l.firstAidDays),
      ],
      [idOf(l.email), i === 2 ? 'Lifeguard' : 'Kayak instructor', null, day(now, -500), null],
    ]),
  );
  await bulkInsert(
    client,
    'tour_leader_days_off',
    [
      ['leader_id', 'int'],
      ['days', 'daterange'],
      ['reason', 'text'],
    ],
    present.flatMap((l) =>
      l.daysOff.map(([from, to, reason]) => [idOf(l.email), `[${day(now, from)},${day(now, to)}]`, reason]),
    ),
  );
  return leaders.length;
}
