import type pg from 'pg';
import { leaderAvailableAt } from '@nine/shared/tour-leader-availability';
import { exec, rows } from '../db/sql.ts';
import { seriesDays } from '../modules/tours/event-service.ts';
import { bulkInsert } from './bulk-insert.ts';
import { createRandom } from './random.ts';

const DAY = 86_400_000;

/** The demo's schedules, by the definitions' names (the definitions seed makes them): about 1,500 departures. */
const SERIES = [
  { tour: 'Sunset Kayak', rrule: 'FREQ=DAILY', time: '18:00' },
  { tour: 'Harbor Bike Ride', rrule: 'FREQ=WEEKLY;BYDAY=TU,TH,SA', time: '10:00' },
  { tour: 'Old Pier Walk', rrule: 'FREQ=DAILY', time: '11:00' },
  { tour: 'Old Town Walk', rrule: 'FREQ=DAILY', time: '10:00' },
  { tour: 'Old Town Walk', rrule: 'FREQ=WEEKLY;BYDAY=SA,SU', time: '15:00' },
  { tour: 'Food Bike Tour', rrule: 'FREQ=WEEKLY;BYDAY=FR,SA', time: '17:00' },
  { tour: 'Morning Lake Kayak', rrule: 'FREQ=DAILY', time: '08:00' },
  { tour: 'Family Paddle', rrule: 'FREQ=WEEKLY;BYDAY=SA,SU', time: '13:00' },
  { tour: 'Shore Trail Walk', rrule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', time: '09:00' },
] as const;

const day = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Tour events of the demo (issue #19): the series above from 120 days before `now` to 150 days after, each
 * departure a row (past ones completed, about 2 % cancelled, the next three days confirmed), and leaders
 * assigned along each leader's own timeline: at the event's location, inside their weekly hours and off their
 * days off, never two at once (the exclusion constraint checks too). The seed loads as a replica, so the
 * assignments carry their event's period themselves. Its own random stream: the orders stay as they were.
 */
export async function seedTourEvents(client: pg.PoolClient, now: Date): Promise<number> {
  const rng = createRandom(20261125);
  const definitions = await rows<{
    id: number;
    name: string;
    location_id: number;
    duration_minutes: number;
    capacity: number;
    min_participants: number;
  }>(
    client,
    `SELECT d.id, d.name, d.location_id, d.duration_minutes,
            coalesce(d.capacity, s.default_capacity, 12) AS capacity,
            least(coalesce(d.min_participants, s.default_min_participants, 1), coalesce(d.capacity, s.default_capacity, 12))
              AS min_participants
     FROM tour_definitions d LEFT JOIN tour_settings s ON s.location_id = d.location_id
     WHERE d.status = 'active' AND d.duration_minutes IS NOT NULL`,
  );
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const firstDay = day(now, -120);
  const lastDay = day(now, 150);
  let total = 0;
  for (const plan of SERIES) {
    const definition = byName.get(plan.tour);
    if (!definition) continue;
    const days = seriesDays(plan.rrule, firstDay, lastDay, []);
    const [series] = await rows<{ id: number }>(
      client,
      `INSERT INTO tour_event_series (definition_id, location_id, rrule, first_day, last_day, start_time,
                                      duration_minutes, capacity, min_participants)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        definition.id,
        definition.location_id,
        plan.rrule,
        firstDay,
        lastDay,
        plan.time,
        definition.duration_minutes,
        definition.capacity,
        definition.min_participants,
      ],
    );
    total += await exec(
      client,
      `INSERT INTO tour_events (definition_id, location_id, series_id, occurrence_day, starts_at, ends_at, capacity,
                               min_participants, status, status_reason)
       SELECT s.definition_id, s.location_id, s.id, t.day, t.starts_at, t.starts_at + make_interval(mins => s.duration_minutes),
              s.capacity, s.min_participants,
              CASE WHEN t.cancelled THEN 'cancelled' WHEN t.starts_at < $3 THEN 'completed'
                   WHEN t.starts_at < $3::timestamptz + interval '3 days' THEN 'confirmed' ELSE 'scheduled' END::tour_event_status,
              CASE WHEN t.cancelled THEN 'Weather' END
       FROM tour_event_series s JOIN locations l ON l.id = s.location_id,
            LATERAL (SELECT d AS day, c AS cancelled, (d + s.start_time) AT TIME ZONE l.time_zone AS starts_at
                     FROM unnest($2::date[], $4::boolean[]) AS u(d, c)) t
       WHERE s.id = $1`,
      [series!.id, days, now, days.map(() => rng.chance(0.02))],
    );
  }

  // Leaders along their own timelines, the events in start order.
  const events = await rows<{
    id: number;
    location_id: number;
    starts_at: Date;
    ends_at: Date;
    local_start: string;
    local_end: string;
  }>(
    client,
    `SELECT e.id, e.location_id, e.starts_at, e.ends_at,
            to_char(e.starts_at AT TIME ZONE l.time_zone, 'YYYY-MM-DD"T"HH24:MI') AS local_start,
            to_char(e.ends_at AT TIME ZONE l.time_zone, 'YYYY-MM-DD"T"HH24:MI') AS local_end
     FROM tour_events e JOIN locations l ON l.id = e.location_id
     WHERE e.status <> 'cancelled' ORDER BY e.starts_at, e.id`,
  );
  const leaders = await rows<{ id: number; locations: number[] }>(
    client,
    `SELECT tl.id, array_agg(DISTINCT ur.location_id) AS locations
     FROM tour_leaders tl JOIN users u ON u.id = tl.user_id AND u.status = 'active'
     JOIN user_roles ur ON ur.user_id = tl.user_id
     WHERE tl.active GROUP BY tl.id ORDER BY tl.id`,
  );
  const hours = await rows<{ leader_id: number; weekday: number; starts: string; ends: string }>(
    client,
    `SELECT leader_id, weekday, to_char(starts, 'HH24:MI') AS starts, to_char(ends, 'HH24:MI') AS ends FROM tour_leader_hours`,
  );
  const daysOff = await rows<{ leader_id: number; first_day: string; last_day: string }>(
    client,
    `SELECT leader_id, lower(days)::text AS first_day, (upper(days) - 1)::text AS last_day FROM tour_leader_days_off`,
  );
  const busyUntil = new Map<number, number>();
  const led = new Map<number, number>();
  const assignments: unknown[][] = [];
  for (const event of events) {
    // About one in eight departures still waits for its leader (the list shows the warning).
    if (rng.chance(0.12)) continue;
    const candidates = leaders.filter(
      (l) =>
        l.locations.includes(event.location_id) &&
        (busyUntil.get(l.id) ?? 0) <= event.starts_at.getTime() &&
        leaderAvailableAt(
          hours.filter((h) => h.leader_id === l.id),
          daysOff.filter((d) => d.leader_id === l.id),
          event.local_start,
          event.local_end,
        ).ok,
    );
    if (candidates.length === 0) continue;
    // The one who has led least so far, so the work is shared.
    const leader = candidates.reduce((a, b) => ((led.get(b.id) ?? 0) < (led.get(a.id) ?? 0) ? b : a));
    busyUntil.set(leader.id, event.ends_at.getTime());
    led.set(leader.id, (led.get(leader.id) ?? 0) + 1);
    assignments.push([
      event.id,
      leader.id,
      `[${event.starts_at.toISOString()},${event.ends_at.toISOString()})`,
      new Date(Math.min(event.starts_at.getTime() - 7 * DAY, now.getTime())).toISOString(),
    ]);
  }
  await bulkInsert(
    client,
    'tour_event_leaders',
    [
      ['event_id', 'bigint'],
      ['leader_id', 'int'],
      ['period', 'tstzrange'],
      ['assigned_at', 'timestamptz'],
    ],
    assignments,
  );
  return total;
}
