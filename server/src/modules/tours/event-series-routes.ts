import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  SERIES_MAX_DAYS,
  tourSeriesCreate,
  tourSeriesUpdate,
  type TourSeries,
  type TourSeriesOccurrence,
  type TourSeriesPreview,
  type TourSeriesResult,
} from '@nine/shared/schemas/tours/events';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { seriesDays, type TourEventService } from './event-service.ts';
import type { TourDeps } from './register-tours.ts';

const CHANGE: Requirement = { resource: 'tour', action: 'change' };
/** A series answers the equipment short on its first days only: the screen shows a warning, not a report. */
const SHORT_DAYS_MAX = 20;
const SHORT_CHECKS_MAX = 100;

const SERIES_COLUMNS = `id, definition_id, rrule, first_day::text, last_day::text, to_char(start_time, 'HH24:MI') AS start_time,
  duration_minutes, capacity, min_participants, exdates::text[] AS exdates, version`;

/**
 * The instants of series days: day + start time on the location's wall clock, turned into an instant by
 * PostgreSQL (so 09:00 stays 09:00 across a daylight-saving change). Days already past are left out.
 */
function occurrences(
  q: pg.PoolClient,
  days: readonly string[],
  startTime: string,
  durationMinutes: number,
  locationId: number,
  now: Date,
): Promise<TourSeriesOccurrence[]> {
  return rows<TourSeriesOccurrence>(
    q,
    `SELECT t.day::text AS day, t.starts_at, t.starts_at + make_interval(mins => $3) AS ends_at
     FROM (SELECT d AS day, (d + $2::time) AT TIME ZONE l.time_zone AS starts_at
           FROM unnest($1::date[]) d, locations l WHERE l.id = $4) t
     WHERE t.starts_at > $5 ORDER BY t.day`,
    [days, startTime, durationMinutes, locationId, now],
  );
}

/**
 * Recurring schedules. A series keeps its RRULE and exceptions; its events are rows of their own (one per
 * day), made in one INSERT … SELECT over the days, idempotent by (series_id, occurrence_day).
 */
export function registerTourEventSeries(
  app: FastifyInstance,
  deps: TourDeps,
  events: TourEventService,
): void {
  const { db } = deps;

  /** The equipment short on the first days of a series that are short (a warning). */
  async function shortDays(
    client: pg.PoolClient,
    made: readonly { day: string; starts_at: Date; ends_at: Date }[],
    series: { definition_id: number; location_id: number; capacity: number },
  ): Promise<TourSeriesResult['equipment_short']> {
    const hasItems = await maybeOne<{ ok: boolean }>(
      client,
      'SELECT true AS ok FROM tour_definition_items WHERE definition_id = $1 LIMIT 1',
      [series.definition_id],
    );
    if (!hasItems) return [];
    const found: TourSeriesResult['equipment_short'] = [];
    for (const event of made.slice(0, SHORT_CHECKS_MAX)) {
      const lines = await events.equipmentShort(client, { ...series, ...event });
      if (lines.length > 0) found.push({ day: event.day, lines });
      if (found.length >= SHORT_DAYS_MAX) break;
    }
    return found;
  }

  /** Inserts the series' missing events on `days` (those after now); answers what was made. */
  function insertEvents(client: pg.PoolClient, seriesId: number, days: readonly string[], userId: number) {
    return rows<{ id: number; day: string; starts_at: Date; ends_at: Date }>(
      client,
      `INSERT INTO tour_events (definition_id, location_id, series_id, occurrence_day, starts_at, ends_at, capacity,
                               min_participants, created_by)
       SELECT s.definition_id, s.location_id, s.id, t.day, t.starts_at, t.starts_at + make_interval(mins => s.duration_minutes),
              s.capacity, s.min_participants, $3
       FROM tour_event_series s JOIN locations l ON l.id = s.location_id,
            LATERAL (SELECT d AS day, (d + s.start_time) AT TIME ZONE l.time_zone AS starts_at
                     FROM unnest($2::date[]) d) t
       WHERE s.id = $1 AND t.starts_at > $4
       ORDER BY t.day
       ON CONFLICT (series_id, occurrence_day) DO NOTHING
       RETURNING id, occurrence_day::text AS day, starts_at, ends_at`,
      [seriesId, days, userId, events.now()],
    );
  }

  app.post('/api/nine/tours/event-series/preview', { config: { access: CHANGE } }, async (request) => {
    const input = parse(tourSeriesCreate, request.body);
    const actor = actorOf(request);
    const days = seriesDays(input.rrule, input.first_day, input.last_day, input.exdates);
    const data = await transaction(
      db,
      async (client) => {
        const definition = await events.definitionFor(client, input.definition_id, actor.locationId, {
          lock: false,
        });
        const [found, zone] = await Promise.all([
          occurrences(
            client,
            days,
            input.start_time,
            definition.duration_minutes,
            actor.locationId,
            events.now(),
          ),
          one<{ time_zone: string }>(client, 'SELECT time_zone FROM locations WHERE id = $1', [
            actor.locationId,
          ]),
        ]);
        const preview: TourSeriesPreview = {
          count: found.length,
          time_zone: zone.time_zone,
          occurrences: found,
        };
        return preview;
      },
      { readOnly: true },
    );
    return { data };
  });

  app.post('/api/nine/tours/event-series', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(tourSeriesCreate, request.body);
    const actor = actorOf(request);
    const days = seriesDays(input.rrule, input.first_day, input.last_day, input.exdates);
    const data = await transaction(db, async (client) => {
      const definition = await events.definitionFor(client, input.definition_id, actor.locationId);
      const capacity = input.capacity ?? definition.capacity;
      const minimum = input.min_participants ?? Math.min(definition.min_participants, capacity);
      if (minimum > capacity)
        throw new AppError('validation', {
          data: { issues: [{ path: 'min_participants', code: 'custom', message: 'above_capacity' }] },
        });
      const series = await one<TourSeries>(
        client,
        `INSERT INTO tour_event_series (definition_id, location_id, rrule, first_day, last_day, start_time,
                                        duration_minutes, capacity, min_participants, exdates, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::date[], $11)
         RETURNING ${SERIES_COLUMNS}`,
        [
          definition.id,
          actor.locationId,
          input.rrule,
          input.first_day,
          input.last_day,
          input.start_time,
          definition.duration_minutes,
          capacity,
          minimum,
          [...new Set(input.exdates)].sort(),
          actor.userId,
        ],
      );
      const made = await insertEvents(client, series.id, days, actor.userId);
      await audit(client, actor, {
        entity: 'tour_event_series',
        entityId: series.id,
        action: 'created',
        data: { ...input, events: made.length },
      });
      const result: TourSeriesResult = {
        series,
        created: made.length,
        updated: 0,
        removed: 0,
        kept: [],
        equipment_short: await shortDays(client, made, { ...series, location_id: actor.locationId }),
      };
      return result;
    });
    return reply.code(201).send({ data });
  });

  app.patch('/api/nine/tours/event-series/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const input = parse(tourSeriesUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const old = await maybeOne<TourSeries & { location_id: number }>(
        client,
        `SELECT ${SERIES_COLUMNS}, location_id FROM tour_event_series WHERE id = $1 AND location_id = $2 FOR UPDATE`,
        [id, actor.locationId],
      );
      if (!old) throw new AppError('notFound');
      events.checkVersion(old.version, input.version);
      const next = {
        rrule: input.rrule ?? old.rrule,
        start_time: input.start_time ?? old.start_time,
        last_day: input.last_day ?? old.last_day,
        exdates: input.exdates ? [...new Set(input.exdates)].sort() : old.exdates,
        capacity: input.capacity ?? old.capacity,
        min_participants:
          input.min_participants ?? Math.min(old.min_participants, input.capacity ?? old.capacity),
      };
      const issue = (path: string, message: string) =>
        new AppError('validation', { data: { issues: [{ path, code: 'custom', message }] } });
      if (next.min_participants > next.capacity) throw issue('min_participants', 'above_capacity');
      if (next.last_day < old.first_day) throw issue('last_day', 'before_first_day');
      if (Date.parse(next.last_day) - Date.parse(old.first_day) > SERIES_MAX_DAYS * 86_400_000)
        throw issue('last_day', 'too_long');
      const fromDay = input.from_day > old.first_day ? input.from_day : old.first_day;
      // The rule still counts from the series' first day (an INTERVAL=2 keeps its weeks); from_day only cuts.
      const days = seriesDays(next.rrule, old.first_day, next.last_day, next.exdates).filter(
        (day) => day >= fromDay,
      );
      // Read FOR SHARE: days added to a tour being deactivated meanwhile are refused below.
      const definition = await one<{ status: string }>(
        client,
        'SELECT status FROM tour_definitions WHERE id = $1 FOR SHARE',
        [old.definition_id],
      );
      const series = await one<TourSeries>(
        client,
        `UPDATE tour_event_series SET rrule = $2, start_time = $3, last_day = $4, exdates = $5::date[], capacity = $6,
           min_participants = $7, version = version + 1, updated_at = now()
         WHERE id = $1 RETURNING ${SERIES_COLUMNS}`,
        [id, next.rrule, next.start_time, next.last_day, next.exdates, next.capacity, next.min_participants],
      );
      const targets = new Map(
        (
          await occurrences(
            client,
            days,
            next.start_time,
            old.duration_minutes,
            actor.locationId,
            events.now(),
          )
        ).map((o) => [o.day, o]),
      );
      // The series' own events from then on, not moved or edited alone and still ahead, locked in id order.
      const current = await rows<{
        id: string;
        day: string;
        starts_at: Date;
        capacity: number;
        min_participants: number;
        seats_taken: number;
        leader_ids: number[];
      }>(
        client,
        `SELECT e.id, e.occurrence_day::text AS day, e.starts_at, e.capacity, e.min_participants, e.seats_taken,
                array(SELECT el.leader_id FROM tour_event_leaders el WHERE el.event_id = e.id AND NOT el.released
                      ORDER BY el.leader_id) AS leader_ids
         FROM tour_events e
         WHERE e.series_id = $1 AND NOT e.detached AND e.occurrence_day >= $2 AND e.starts_at > $3
           AND e.status IN ('scheduled', 'confirmed')
         ORDER BY e.id FOR UPDATE OF e`,
        [id, fromDay, events.now()],
      );
      const remove: number[] = [];
      const move: { id: number; starts_at: string; ends_at: string; leader_ids: number[] }[] = [];
      const kept: TourSeriesResult['kept'] = [];
      for (const event of current) {
        const target = targets.get(event.day);
        const changed =
          !target ||
          new Date(target.starts_at).getTime() !== event.starts_at.getTime() ||
          event.capacity !== next.capacity ||
          event.min_participants !== next.min_participants;
        if (!changed) continue;
        const keep = (reason: 'seats' | 'leaders') =>
          kept.push({
            id: Number(event.id),
            starts_at: event.starts_at.toISOString(),
            seats_taken: event.seats_taken,
            reason,
          });
        // Seats booked on it: the customers booked that departure, so it stays as it is. A led departure the
        // rule drops stays too: its leaders are unassigned (and told) before it is cancelled, not silently.
        if (event.seats_taken > 0) keep('seats');
        else if (!target && event.leader_ids.length > 0) keep('leaders');
        else if (!target) remove.push(Number(event.id));
        else
          move.push({
            id: Number(event.id),
            starts_at: target.starts_at,
            ends_at: target.ends_at,
            leader_ids:
              new Date(target.starts_at).getTime() !== event.starts_at.getTime() ? event.leader_ids : [],
          });
      }
      // A led departure moving to a new time: its leaders must be free then (hours, days off), read under
      // their locks; 422 leaderUnavailable names the event.
      const led = [...new Set(move.flatMap((m) => m.leader_ids))].sort((a, b) => a - b);
      if (led.length > 0) {
        await events.lockLeaders(client, led);
        const zone = await one<{ time_zone: string }>(
          client,
          'SELECT time_zone FROM locations WHERE id = $1',
          [actor.locationId],
        );
        for (const m of move)
          await events.assertLeadersAvailable(
            client,
            m.leader_ids,
            m.starts_at,
            m.ends_at,
            zone.time_zone,
            m.id,
          );
      }
      if (remove.length > 0)
        await exec(client, 'DELETE FROM tour_events WHERE id = ANY($1::bigint[])', [remove]);
      if (move.length > 0)
        // The leaders' periods follow through the trigger: an overlap fails with 409 leaderOverlap.
        await exec(
          client,
          `UPDATE tour_events e SET starts_at = m.starts_at, ends_at = m.ends_at, capacity = $4, min_participants = $5,
             version = e.version + 1, updated_at = now()
           FROM unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[]) AS m(id, starts_at, ends_at)
           WHERE e.id = m.id`,
          [
            move.map((m) => m.id),
            move.map((m) => m.starts_at),
            move.map((m) => m.ends_at),
            next.capacity,
            next.min_participants,
          ],
        );
      const made = await insertEvents(client, id, days, actor.userId);
      if (made.length > 0 && definition.status !== 'active') throw new AppError('definitionNotActive');
      await audit(client, actor, {
        entity: 'tour_event_series',
        entityId: id,
        action: 'updated',
        data: {
          old,
          new: { ...next, from_day: input.from_day },
          created: made.length,
          updated: move.length,
          removed: remove.length,
          kept: kept.map((k) => k.id),
        },
      });
      const result: TourSeriesResult = {
        series,
        created: made.length,
        updated: move.length,
        removed: remove.length,
        kept,
        equipment_short: await shortDays(client, made, { ...series, location_id: actor.locationId }),
      };
      return result;
    });
    return { data };
  });
}
