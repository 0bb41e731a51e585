import type { FastifyInstance } from 'fastify';
import {
  tourEventCalendarQuery,
  tourEventListQuery,
  type TourEventCalendar,
  type TourEventCalendarRow,
  type TourEventEquipment,
  type TourEventRow,
} from '@nine/shared/schemas/tours/events';
import { one, prepared, rows } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import {
  EVENT_LEADERS_JOIN,
  EVENT_READ,
  EVENT_ROW_COLUMNS,
  leadersNeededSql,
  type TourEventService,
} from './event-service.ts';
import type { TourDeps } from './register-tours.ts';

// The calendar's window: one range scan of tour_events_loc_start_idx. An event is in the window when it
// overlaps it; starting at most 14 days (the longest tour) before `from` bounds the scan.
const CALENDAR_SQL = prepared(
  `SELECT e.id, e.definition_id, d.name, g.name::text AS group_name, g.color AS group_color, e.starts_at, e.ends_at,
          e.status, e.capacity, e.seats_taken,
          (SELECT count(*)::int FROM tour_event_leaders el WHERE el.event_id = e.id AND NOT el.released) AS leaders,
          ${leadersNeededSql('e.capacity')} AS leaders_needed, e.version
   FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id
   LEFT JOIN tour_groups g ON g.id = d.group_id
   WHERE e.location_id = $1 AND e.starts_at >= $2::timestamptz - interval '14 days' AND e.starts_at < $3
     AND e.ends_at > $2
     AND ($4::int IS NULL OR d.group_id = $4) AND ($5::int IS NULL OR e.definition_id = $5)
     AND ($6::int IS NULL OR EXISTS (SELECT 1 FROM tour_event_leaders s WHERE s.event_id = e.id AND s.leader_id = $6))
   ORDER BY e.starts_at, e.id`,
);
const TIME_ZONE_SQL = prepared('SELECT time_zone FROM locations WHERE id = $1');

/**
 * Reading events: the list (paged by key over tour_events_loc_start_idx), the calendar's window, one event and
 * its equipment. All of the request's location; a caller without tour:change sees only the events they lead.
 */
export function registerTourEventReads(app: FastifyInstance, deps: TourDeps, events: TourEventService): void {
  const { db } = deps;

  app.get('/api/nine/tours/events', { config: { access: EVENT_READ } }, async (request) => {
    const q = parse(tourEventListQuery, request.query);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const params: unknown[] = [actor.locationId];
    const where = ['e.location_id = $1'];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (q.from) add((n) => `e.starts_at >= ${n}`, q.from);
    if (q.to) add((n) => `e.starts_at < ${n}`, q.to);
    if (q.definition_id) add((n) => `e.definition_id = ${n}`, q.definition_id);
    if (q.group_id)
      add((n) => `e.definition_id IN (SELECT id FROM tour_definitions WHERE group_id = ${n})`, q.group_id);
    if (q.status) add((n) => `e.status = ${n}::tour_event_status`, q.status);
    // The leader filters name who leads the event now; the own scope also keeps an event cancelled since.
    const assignedTo = (n: string, current = true) =>
      `EXISTS (SELECT 1 FROM tour_event_leaders a WHERE a.event_id = e.id AND a.leader_id = ${n}${current ? ' AND NOT a.released' : ''})`;
    if (q.leader_id) add(assignedTo, q.leader_id);
    if (q.mine) add(assignedTo, await events.leaderIdOf(db.pool, actor.userId));
    if (scope !== null) add((n) => assignedTo(n, false), scope);
    const dir = q.sort_type === 'desc' ? 'DESC' : 'ASC';
    const data = await pageOf<TourEventRow>(db, {
      select: EVENT_ROW_COLUMNS,
      from: `FROM tour_events e WHERE ${where.join(' AND ')}`,
      orderBy: `ORDER BY e.starts_at ${dir}, e.id ${dir}`,
      byKey: {
        key: 'e.id',
        from: `FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id
               LEFT JOIN tour_groups g ON g.id = d.group_id ${EVENT_LEADERS_JOIN}`,
      },
      params,
      prepare: true,
      page: q.page,
      pageSize: q.page_size,
    });
    return { data };
  });

  app.get('/api/nine/tours/events/calendar', { config: { access: EVENT_READ } }, async (request) => {
    const q = parse(tourEventCalendarQuery, request.query);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const [zone, found] = await Promise.all([
      one<{ time_zone: string }>(db.pool, TIME_ZONE_SQL, [actor.locationId]),
      rows<TourEventCalendarRow>(db.pool, CALENDAR_SQL, [
        actor.locationId,
        q.from,
        q.to,
        q.group_id ?? null,
        q.definition_id ?? null,
        scope,
      ]),
    ]);
    const data: TourEventCalendar = { time_zone: zone.time_zone, events: found };
    return { data };
  });

  app.get('/api/nine/tours/events/:id', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    return { data: await events.detail(db.pool, id, actor.locationId, scope) };
  });

  app.get('/api/nine/tours/events/:id/equipment', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const event = await events.equipmentEvent(db.pool, id, actor.locationId, scope);
    const data: TourEventEquipment = { lines: await events.equipmentLines(db.pool, event) };
    return { data };
  });
}
