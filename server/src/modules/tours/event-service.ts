import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { grants } from '@nine/shared/permissions';
import {
  parseTourRule,
  SERIES_MAX_DAYS,
  SERIES_MAX_OCCURRENCES,
  type TourEquipmentLine,
  type TourEventDetail,
} from '@nine/shared/schemas/tours/events';
import { equipmentNeeds, type TourEquipmentItem } from '@nine/shared/tour-equipment';
import { leaderAvailableAt } from '@nine/shared/tour-leader-availability';
import { maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Access } from '../../plugins/access.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { freeUnits } from '../catalogue/free-units.ts';

const DAY_MS = 86_400_000;

/**
 * What reading events needs: tour:view, or tour:change (the counter clerk schedules departures without the
 * view grant; change does not imply view).
 */
export const EVENT_READ: Access = {
  anyOf: [
    { resource: 'tour', action: 'view' },
    { resource: 'tour', action: 'change' },
  ],
};

/** The columns of a list row and of the detail (e: tour_events, d: tour_definitions, g: tour_groups). */
export const EVENT_ROW_COLUMNS = `e.id, e.definition_id, d.name AS definition_name, d.group_id, g.name::text AS group_name,
  g.color AS group_color, e.series_id, e.detached, e.starts_at, e.ends_at, e.status, e.capacity, e.min_participants,
  e.seats_taken, coalesce(l.n, 0) AS leaders, coalesce(l.names, '{}') AS leader_names,
  ${leadersNeededSql('e.capacity')} AS leaders_needed, e.private_order_id, e.version`;
/** The leaders of each row, as a LATERAL join named l. */
export const EVENT_LEADERS_JOIN = `LEFT JOIN LATERAL (
    SELECT count(*)::int AS n, array_agg(u.name ORDER BY u.name) AS names
    FROM tour_event_leaders el JOIN tour_leaders tl ON tl.id = el.leader_id JOIN users u ON u.id = tl.user_id
    WHERE el.event_id = e.id AND NOT el.released) l ON true`;

/** max(min_leaders, ceil(capacity / participants_per_leader)) of definition d. */
export function leadersNeededSql(capacity: string): string {
  return `greatest(d.min_leaders, coalesce(ceil(${capacity}::numeric / d.participants_per_leader), 0))::int`;
}

type EventLock = Pick<
  Tables['tour_events'],
  | 'id'
  | 'definition_id'
  | 'location_id'
  | 'starts_at'
  | 'ends_at'
  | 'capacity'
  | 'min_participants'
  | 'seats_taken'
  | 'status'
  | 'version'
> & { time_zone: string };

/**
 * The days a series rule gives between first_day and last_day (both included), less the exceptions. The rule
 * (parseTourRule: DAILY, WEEKLY or MONTHLY with INTERVAL, BYDAY, BYMONTHDAY, BYMONTH) is matched day by day
 * over the window (at most SERIES_MAX_DAYS), with RFC 5545's meaning: the interval counts from first_day's
 * day, week (weeks start on Monday) or month; WEEKLY without BYDAY takes first_day's weekday, MONTHLY with
 * neither BYDAY nor BYMONTHDAY first_day's day of month. A rule no day matches gives no day (an open-ended
 * RRULE search would run to year 9999). PostgreSQL turns day + start time into instants in the location's
 * zone. More than `SERIES_MAX_OCCURRENCES` days: 422 eventSeriesTooLong; a rule not accepted: 400 at `rrule`.
 */
export function seriesDays(
  rule: string,
  firstDay: string,
  lastDay: string,
  exdates: readonly string[],
): string[] {
  const parsed = parseTourRule(rule);
  if (!parsed)
    throw new AppError('validation', {
      data: { issues: [{ path: 'rrule', code: 'custom', message: 'rrule_invalid' }] },
    });
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  const end = Math.min(Date.parse(`${lastDay}T00:00:00Z`), start + SERIES_MAX_DAYS * DAY_MS);
  const first = new Date(start);
  const byDay =
    parsed.freq === 'WEEKLY' && parsed.byDay.length === 0
      ? [{ weekday: weekdayOf(first), nth: null }]
      : parsed.byDay;
  const byMonthDay =
    parsed.freq === 'MONTHLY' && parsed.byDay.length === 0 && parsed.byMonthDay.length === 0
      ? [first.getUTCDate()]
      : parsed.byMonthDay;
  const period = (date: Date, dayNumber: number) =>
    parsed.freq === 'DAILY'
      ? dayNumber
      : parsed.freq === 'WEEKLY'
        ? Math.floor((dayNumber + 3) / 7) // 1970-01-01 was a Thursday: weeks from Monday
        : date.getUTCFullYear() * 12 + date.getUTCMonth();
  const firstPeriod = period(first, start / DAY_MS);
  const skip = new Set(exdates);
  const result: string[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const date = new Date(t);
    if ((period(date, t / DAY_MS) - firstPeriod) % parsed.interval !== 0) continue;
    if (parsed.byMonth.length > 0 && !parsed.byMonth.includes(date.getUTCMonth() + 1)) continue;
    const monthDay = date.getUTCDate();
    if (byMonthDay.length > 0 && !byMonthDay.includes(monthDay)) continue;
    if (byDay.length > 0) {
      const weekday = weekdayOf(date);
      const monthLength = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      const nth = (n: number) =>
        n > 0 ? Math.ceil(monthDay / 7) === n : Math.ceil((monthLength - monthDay + 1) / 7) === -n;
      if (!byDay.some((d) => d.weekday === weekday && (d.nth === null || nth(d.nth)))) continue;
    }
    const day = date.toISOString().slice(0, 10);
    if (!skip.has(day)) result.push(day);
  }
  if (result.length > SERIES_MAX_OCCURRENCES)
    throw new AppError('eventSeriesTooLong', {
      data: { count: `${SERIES_MAX_OCCURRENCES}+`, max: SERIES_MAX_OCCURRENCES },
    });
  return result;
}

/** 0 = Monday … 6 = Sunday, as RULE_WEEKDAYS. */
function weekdayOf(date: Date): number {
  return (date.getUTCDay() + 6) % 7;
}

/** The tour definition an event is made from, checked active and at the location (else 404). */
export interface DefinitionForEvents {
  id: number;
  duration_minutes: number;
  capacity: number;
  min_participants: number;
  meeting_point_id: number | null;
}

export function createTourEventService(deps: { auth: AuthService; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  /**
   * The leader whose events the caller may see, or null for all of the location's. Own scope: a caller
   * without tour:change sees only the events they lead (design D3); one who is no leader sees none (0).
   */
  async function scopeOf(q: Queryable, actor: Actor, client?: pg.PoolClient): Promise<number | null> {
    const held = await deps.auth.permissionsAt(actor.userId, actor.locationId, client);
    if (held && grants(held, { resource: 'tour', action: 'change' })) return null;
    return leaderIdOf(q, actor.userId);
  }

  /** The caller's leader id, or 0 (no leader: matches no assignment). */
  async function leaderIdOf(q: Queryable, userId: number): Promise<number> {
    const row = await maybeOne<{ id: number }>(q, 'SELECT id FROM tour_leaders WHERE user_id = $1', [userId]);
    return row?.id ?? 0;
  }

  /**
   * The definition, active and at the location; capacity and minimum default from it, then tour settings.
   * Read FOR SHARE (unless `lock: false`, for read-only checks): a deactivation waits for the events being
   * made from it.
   */
  async function definitionFor(
    q: Queryable,
    definitionId: number,
    locationId: number,
    options: { lock?: boolean } = {},
  ): Promise<DefinitionForEvents> {
    const d = await maybeOne<
      Pick<Tables['tour_definitions'], 'id' | 'status' | 'duration_minutes' | 'meeting_point_id'> & {
        capacity: number;
        min_participants: number;
      }
    >(
      q,
      `SELECT d.id, d.status, d.duration_minutes, d.meeting_point_id,
              coalesce(d.capacity, s.default_capacity, 12) AS capacity,
              least(coalesce(d.min_participants, s.default_min_participants, 1),
                    coalesce(d.capacity, s.default_capacity, 12)) AS min_participants
       FROM tour_definitions d LEFT JOIN tour_settings s ON s.location_id = d.location_id
       WHERE d.id = $1 AND d.location_id = $2 ${options.lock === false ? '' : 'FOR SHARE OF d'}`,
      [definitionId, locationId],
    );
    if (!d) throw new AppError('notFound');
    if (d.status !== 'active' || d.duration_minutes === null) throw new AppError('definitionNotActive');
    return {
      id: d.id,
      duration_minutes: d.duration_minutes,
      capacity: d.capacity,
      min_participants: d.min_participants,
      meeting_point_id: d.meeting_point_id,
    };
  }

  /** The event at the location, locked for a change (404 when it is another location's or gone). */
  async function lockEvent(client: pg.PoolClient, id: number, locationId: number): Promise<EventLock> {
    const row = await maybeOne<EventLock>(
      client,
      `SELECT e.id, e.definition_id, e.location_id, e.starts_at, e.ends_at, e.capacity, e.min_participants,
              e.seats_taken, e.status, e.version, l.time_zone
       FROM tour_events e JOIN locations l ON l.id = e.location_id
       WHERE e.id = $1 AND e.location_id = $2 FOR UPDATE OF e`,
      [id, locationId],
    );
    if (!row) throw new AppError('notFound');
    return row;
  }

  function checkVersion(current: number, sent: number): void {
    if (current !== sent) throw new AppError('versionConflict', { data: { version: current } });
  }

  /**
   * The equipment the event's worst case needs against what is free at the location for its period (D8):
   * per product, the most any single age group holding every seat would need, plus per-booking items for
   * ceil(capacity / 2) bookings.
   */
  async function equipmentLines(
    q: Queryable,
    event: {
      definition_id: number;
      location_id: number;
      capacity: number;
      starts_at: Date | string;
      ends_at: Date | string;
    },
  ): Promise<TourEquipmentLine[]> {
    const items = await rows<TourEquipmentItem>(
      q,
      `SELECT product_id, per, age_group_id, units, per_count FROM tour_definition_items WHERE definition_id = $1`,
      [event.definition_id],
    );
    if (items.length === 0) return [];
    const needed = worstCase(items, event.capacity);
    const ids = [...needed.keys()];
    const [free, products] = await Promise.all([
      freeUnits(q, event.location_id, ids, event.starts_at, event.ends_at),
      rows<Pick<Tables['products'], 'id' | 'sku' | 'name'>>(
        q,
        'SELECT id, sku, name FROM products WHERE id = ANY($1::int[]) ORDER BY name, id',
        [ids],
      ),
    ]);
    return products.map((p) => {
      const need = needed.get(p.id) ?? 0;
      const have = free.get(p.id) ?? 0;
      return {
        product_id: p.id,
        sku: p.sku,
        name: p.name,
        needed: need,
        free: have,
        short: Math.max(0, need - have),
      };
    });
  }

  async function equipmentShort(q: Queryable, event: Parameters<typeof equipmentLines>[1]) {
    return (await equipmentLines(q, event)).filter((line) => line.short > 0);
  }

  /** What the equipment check reads of an event, within the location and the caller's scope (else 404). */
  async function equipmentEvent(q: Queryable, id: number, locationId: number, leaderScope: number | null) {
    const event = await maybeOne<
      Pick<Tables['tour_events'], 'definition_id' | 'location_id' | 'capacity' | 'starts_at' | 'ends_at'>
    >(
      q,
      `SELECT definition_id, location_id, capacity, starts_at, ends_at FROM tour_events e
       WHERE e.id = $1 AND e.location_id = $2
         AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM tour_event_leaders s WHERE s.event_id = e.id AND s.leader_id = $3))`,
      [id, locationId, leaderScope],
    );
    if (!event) throw new AppError('notFound');
    return event;
  }

  /**
   * One event as the detail answers it, or 404 when it is not the location's or outside the caller's own
   * scope (`leaderScope`, see scopeOf).
   */
  async function detail(q: Queryable, id: number, locationId: number, leaderScope: number | null = null) {
    const row = await maybeOne<
      Omit<TourEventDetail, 'equipment_short' | 'meeting_point' | 'leader_list'> & {
        location_id: number;
        mp_id: number | null;
        mp_name: string | null;
        mp_address: string | null;
        mp_instructions: string | null;
        leader_list: TourEventDetail['leader_list'] | null;
      }
    >(
      q,
      `SELECT ${EVENT_ROW_COLUMNS}, d.code::text AS definition_code, d.duration_minutes, e.occurrence_day::text,
              e.status_reason, e.note, e.location_id, loc.time_zone,
              mp.id AS mp_id, mp.name AS mp_name, mp.address AS mp_address, mp.instructions AS mp_instructions,
              (SELECT json_agg(json_build_object('leader_id', tl.id, 'name', u.name, 'color', tl.color) ORDER BY u.name)
               FROM tour_event_leaders el JOIN tour_leaders tl ON tl.id = el.leader_id JOIN users u ON u.id = tl.user_id
               WHERE el.event_id = e.id AND NOT el.released) AS leader_list
       FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id
       LEFT JOIN tour_groups g ON g.id = d.group_id
       JOIN locations loc ON loc.id = e.location_id
       LEFT JOIN tour_places mp ON mp.id = coalesce(e.meeting_point_id, d.meeting_point_id)
       ${EVENT_LEADERS_JOIN}
       WHERE e.id = $1 AND e.location_id = $2
         AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM tour_event_leaders s WHERE s.event_id = e.id AND s.leader_id = $3))`,
      [id, locationId, leaderScope],
    );
    if (!row) throw new AppError('notFound');
    const { mp_id, mp_name, mp_address, mp_instructions, location_id, ...event } = row;
    const data: TourEventDetail = {
      ...event,
      leader_list: row.leader_list ?? [],
      meeting_point:
        mp_id === null
          ? null
          : { id: mp_id, name: mp_name!, address: mp_address, instructions: mp_instructions },
      equipment_short: await equipmentShort(q, { ...event, location_id }),
    };
    return data;
  }

  /**
   * Locks the leaders FOR SHARE in id order (after the event's lock), so their active flag, weekly hours and
   * days off, read after this, cannot change until the assignment commits (the leader writes lock the leader
   * row FOR UPDATE first). Answers the leaders found.
   */
  function lockLeaders(client: pg.PoolClient, leaderIds: readonly number[]) {
    if (leaderIds.length === 0) return Promise.resolve([]);
    return rows<Pick<Tables['tour_leaders'], 'id' | 'active' | 'user_id'>>(
      client,
      'SELECT id, active, user_id FROM tour_leaders WHERE id = ANY($1::int[]) ORDER BY id FOR SHARE',
      [leaderIds],
    );
  }

  /**
   * 409 leaderOverlap {leader_id, event_id, starts_at} when one of the leaders already leads another departure
   * overlapping [startsAt, endsAt). A check for the message: the exclusion constraint still decides a race.
   */
  async function assertNoOverlap(
    q: Queryable,
    leaderIds: readonly number[],
    eventId: number,
    startsAt: Date | string,
    endsAt: Date | string,
  ): Promise<void> {
    if (leaderIds.length === 0) return;
    const clash = await maybeOne<{ leader_id: number; event_id: string; starts_at: Date }>(
      q,
      `SELECT leader_id, event_id, lower(period) AS starts_at FROM tour_event_leaders
       WHERE leader_id = ANY($1::int[]) AND NOT released AND event_id <> $2 AND period && tstzrange($3, $4, '[)')
       ORDER BY lower(period) LIMIT 1`,
      [leaderIds, eventId, startsAt, endsAt],
    );
    if (clash)
      throw new AppError('leaderOverlap', {
        data: {
          leader_id: clash.leader_id,
          event_id: Number(clash.event_id),
          starts_at: clash.starts_at.toISOString(),
        },
      });
  }

  /**
   * Whether each leader still on the event can take it at [startsAt, endsAt): weekly hours and days off on the
   * location's wall clock (leaderAvailableAt). The first that cannot: 422 leaderUnavailable {reason, leader_id}
   * (and event_id when given: a series change names the departure). Lock the leaders first (lockLeaders).
   */
  async function assertLeadersAvailable(
    q: Queryable,
    leaderIds: readonly number[],
    startsAt: Date | string,
    endsAt: Date | string,
    timeZone: string,
    eventId?: number,
  ): Promise<void> {
    if (leaderIds.length === 0) return;
    const local = await one<{ start: string; end: string }>(
      q,
      `SELECT to_char($1::timestamptz AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI') AS start,
              to_char($2::timestamptz AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:MI') AS end`,
      [startsAt, endsAt, timeZone],
    );
    const [hours, daysOff] = await Promise.all([
      rows<{ leader_id: number; weekday: number; starts: string; ends: string }>(
        q,
        `SELECT leader_id, weekday, to_char(starts, 'HH24:MI') AS starts, to_char(ends, 'HH24:MI') AS ends
         FROM tour_leader_hours WHERE leader_id = ANY($1::int[])`,
        [leaderIds],
      ),
      rows<{ leader_id: number; first_day: string; last_day: string }>(
        q,
        `SELECT leader_id, lower(days)::text AS first_day, (upper(days) - 1)::text AS last_day
         FROM tour_leader_days_off WHERE leader_id = ANY($1::int[]) AND days && daterange($2::date, $3::date, '[]')`,
        [leaderIds, local.start.slice(0, 10), local.end.slice(0, 10)],
      ),
    ]);
    for (const leaderId of leaderIds) {
      const verdict = leaderAvailableAt(
        hours.filter((h) => h.leader_id === leaderId),
        daysOff.filter((d) => d.leader_id === leaderId),
        local.start,
        local.end,
      );
      if (!verdict.ok)
        throw new AppError('leaderUnavailable', {
          data: {
            reason: verdict.reason,
            leader_id: leaderId,
            ...(eventId === undefined ? {} : { event_id: eventId }),
          },
        });
    }
  }

  return {
    now,
    scopeOf,
    leaderIdOf,
    definitionFor,
    lockEvent,
    checkVersion,
    equipmentLines,
    equipmentShort,
    equipmentEvent,
    detail,
    lockLeaders,
    assertNoOverlap,
    assertLeadersAvailable,
  };
}

export type TourEventService = ReturnType<typeof createTourEventService>;

/** Per product, the most any one age group holding every seat needs, plus per-booking items for ceil(capacity / 2). */
export function worstCase(items: readonly TourEquipmentItem[], capacity: number): Map<number, number> {
  const perParticipant = items.filter((i) => i.per === 'participant');
  const perBooking = items.filter((i) => i.per === 'booking');
  // -1 stands for an age group no item names (only the items for every age group apply to it).
  const groups = new Set<number>([
    -1,
    ...perParticipant.flatMap((i) => (i.age_group_id === null ? [] : [i.age_group_id])),
  ]);
  const worst = new Map<number, number>();
  for (const group of groups)
    for (const [product, units] of equipmentNeeds(perParticipant, new Map([[group, capacity]])))
      worst.set(product, Math.max(worst.get(product) ?? 0, units));
  const bookings = Math.ceil(capacity / 2);
  for (const [product, units] of equipmentNeeds(perBooking, new Map([[-1, 1]])))
    worst.set(product, (worst.get(product) ?? 0) + units * bookings);
  return worst;
}
