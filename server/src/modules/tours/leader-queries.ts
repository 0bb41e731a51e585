import { AppError } from '@nine/shared/errors';
import type {
  LeaderDaysOff,
  LeaderDetail,
  LeaderEventRow,
  LeaderSkill,
} from '@nine/shared/schemas/tours/leaders';
import type pg from 'pg';
import { grants } from '@nine/shared/permissions';
import { maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { Tables } from '../../db/tables.ts';

// What the leader routes share. A leader belongs to no location: they work wherever their user holds a
// role, so a location sees (and manages) the leaders whose user has a role there; any other is not found.

/** A user with a role at the location: the SQL condition on `alias.user_id` (location as `$n`). */
export const worksAt = (userColumn: string, locationParam: string) =>
  `EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = ${userColumn} AND ur.location_id = ${locationParam})`;

export const SKILL_COLUMNS = `id, name, reference, to_char(issued_on, 'YYYY-MM-DD') AS issued_on,
  to_char(expires_on, 'YYYY-MM-DD') AS expires_on, version`;
export const DAYS_OFF_COLUMNS = `id, to_char(lower(days), 'YYYY-MM-DD') AS first_day,
  to_char(upper(days) - 1, 'YYYY-MM-DD') AS last_day, reason`;
/** An assignment's columns over `tour_event_leaders el JOIN tour_events e JOIN tour_definitions d`. */
export const EVENT_COLUMNS = `e.id AS event_id, e.definition_id, d.name AS definition_name,
  to_json(e.starts_at) #>> '{}' AS starts_at, to_json(e.ends_at) #>> '{}' AS ends_at, e.status::text AS status,
  el.released`;
export const EVENT_FROM = `FROM tour_event_leaders el JOIN tour_events e ON e.id = el.event_id
  JOIN tour_definitions d ON d.id = e.definition_id`;

/**
 * Own scope (design D3): a caller without tour:change sees only departures they lead too. The condition on
 * `e.id`, the caller's user id as `$n`.
 */
export const ledBy = (userParam: string) =>
  `EXISTS (SELECT 1 FROM tour_event_leaders me JOIN tour_leaders ml ON ml.id = me.leader_id
     WHERE me.event_id = e.id AND ml.user_id = ${userParam})`;

/** The caller's user id when own scope applies (no tour:change here), else null. */
export async function ownScope(
  auth: AuthService,
  actor: { userId: number; locationId: number },
  client?: pg.PoolClient,
): Promise<number | null> {
  const held = (await auth.permissionsAt(actor.userId, actor.locationId, client)) ?? [];
  return grants(held, { resource: 'tour', action: 'change' }) ? null : actor.userId;
}

type LeaderRowDb = Pick<Tables['tour_leaders'], 'id' | 'user_id' | 'active' | 'version'>;

/**
 * The leader as seen from a location (404 when their user has no role there). `lock` takes the leader's
 * row lock: every write on a leader's hours, skills or days off holds it, so they queue per leader.
 */
export async function leaderAt(
  client: Queryable,
  id: number,
  locationId: number,
  lock = false,
): Promise<LeaderRowDb> {
  const row = await maybeOne<LeaderRowDb>(
    client,
    `SELECT l.id, l.user_id, l.active, l.version FROM tour_leaders l
     WHERE l.id = $1 AND ${worksAt('l.user_id', '$2')} ${lock ? 'FOR UPDATE OF l' : ''}`,
    [id, locationId],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

/** Refuses a stale version (409 with the current one). */
export function checkVersion(current: number, sent: number): void {
  if (current !== sent) throw new AppError('versionConflict', { data: { version: current } });
}

/** Raises the leader's version: the hours, like the profile, are edited against it. */
export async function bumpLeader(client: Queryable, id: number): Promise<void> {
  await one(
    client,
    'UPDATE tour_leaders SET version = version + 1, updated_at = now() WHERE id = $1 RETURNING id',
    [id],
  );
}

export async function skillOf(client: Queryable, leaderId: number, skillId: number): Promise<LeaderSkill> {
  const row = await maybeOne<LeaderSkill>(
    client,
    `SELECT ${SKILL_COLUMNS} FROM tour_leader_skills WHERE id = $1 AND leader_id = $2`,
    [skillId, leaderId],
  );
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * The leader's screen: profile, skills, week, days off, the hours led in each of the last 12 months (the
 * location's months, departures of this location started by `now` and not cancelled or released) and the
 * next 10 departures here. Under own scope both count only departures the caller leads too.
 */
export async function leaderDetail(
  client: Queryable,
  id: number,
  locationId: number,
  now: Date,
  /** Own scope: the caller's user id, whose departures alone are listed. */
  scopeUserId: number | null,
): Promise<LeaderDetail> {
  const profile = await maybeOne<
    Omit<LeaderDetail, 'skills' | 'hours' | 'days_off' | 'hours_per_month' | 'next_events'>
  >(
    client,
    `SELECT l.id, l.user_id, u.name, u.email::text AS email, l.phone, l.bio, l.color, l.active, l.version,
            (SELECT time_zone FROM locations WHERE id = $2) AS time_zone
     FROM tour_leaders l JOIN users u ON u.id = l.user_id
     WHERE l.id = $1 AND ${worksAt('l.user_id', '$2')}`,
    [id, locationId],
  );
  if (!profile) throw new AppError('notFound');
  const [skills, hours, daysOff, months, next] = [
    await rows<LeaderSkill>(
      client,
      `SELECT ${SKILL_COLUMNS} FROM tour_leader_skills WHERE leader_id = $1 ORDER BY name, id`,
      [id],
    ),
    await rows<LeaderDetail['hours'][number]>(
      client,
      `SELECT weekday, to_char(starts, 'HH24:MI') AS starts, to_char(ends, 'HH24:MI') AS ends
       FROM tour_leader_hours WHERE leader_id = $1 ORDER BY weekday, starts`,
      [id],
    ),
    await rows<LeaderDaysOff>(
      client,
      `SELECT ${DAYS_OFF_COLUMNS} FROM tour_leader_days_off WHERE leader_id = $1 ORDER BY lower(days)`,
      [id],
    ),
    await rows<{ month: string; hours: string }>(
      client,
      `WITH tz AS (SELECT $3::text AS zone),
       months AS (
         SELECT generate_series(date_trunc('month', $4::timestamptz AT TIME ZONE tz.zone) - interval '11 months',
                                date_trunc('month', $4::timestamptz AT TIME ZONE tz.zone), interval '1 month') AS m
         FROM tz),
       -- The first month's start as an instant, so the departures are bounded by their indexed start.
       since AS (SELECT min(m) AT TIME ZONE $3::text AS at FROM months)
       SELECT to_char(months.m, 'YYYY-MM') AS month,
              round(coalesce(sum(extract(epoch FROM e.ends_at - e.starts_at)), 0) / 3600, 2) AS hours
       FROM months CROSS JOIN tz CROSS JOIN since
       LEFT JOIN tour_event_leaders el ON el.leader_id = $1 AND NOT el.released
       LEFT JOIN tour_events e ON e.id = el.event_id AND e.location_id = $2 AND e.status <> 'cancelled'
         AND e.starts_at >= since.at AND e.starts_at < $4
         AND date_trunc('month', e.starts_at AT TIME ZONE tz.zone) = months.m
         AND ($5::int IS NULL OR ${ledBy('$5')})
       GROUP BY months.m ORDER BY months.m`,
      [id, locationId, profile.time_zone, now, scopeUserId],
    ),
    await rows<LeaderEventRow>(
      client,
      `SELECT ${EVENT_COLUMNS} ${EVENT_FROM}
       WHERE el.leader_id = $1 AND e.location_id = $2 AND NOT el.released AND e.status <> 'cancelled'
         AND e.ends_at > $3 AND ($4::int IS NULL OR ${ledBy('$4')})
       ORDER BY e.starts_at, e.id LIMIT 10`,
      [id, locationId, now, scopeUserId],
    ),
  ];
  return {
    ...profile,
    skills,
    hours,
    days_off: daysOff,
    hours_per_month: months.map((m) => ({ month: m.month, hours: Number(m.hours) })),
    next_events: next,
  };
}
