import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  tourEventCreate,
  tourEventReschedule,
  tourEventStatusChange,
  tourEventUpdate,
  type TourEventRescheduled,
} from '@nine/shared/schemas/tours/events';
import { canMoveTourEvent } from '@nine/shared/tour-event-status';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { TourEventService } from './event-service.ts';
import type { TourDeps } from './register-tours.ts';

const CHANGE: Requirement = { resource: 'tour', action: 'change' };

/** A meeting point of the location (404 otherwise). */
async function assertMeetingPoint(
  q: Queryable,
  id: number | null | undefined,
  locationId: number,
): Promise<void> {
  if (id == null) return;
  const found = await maybeOne<{ id: number }>(
    q,
    `SELECT id FROM tour_places WHERE id = $1 AND location_id = $2 AND kind = 'meeting_point'`,
    [id, locationId],
  );
  if (!found) throw new AppError('notFound');
}

/**
 * One event's writes: create a one-off, edit (capacity, minimum, meeting point, note), move, change status.
 * Each locks the event, checks the version it was shown, is audited, and answers the event as it is now.
 */
export function registerTourEventWrites(
  app: FastifyInstance,
  deps: TourDeps,
  events: TourEventService,
): void {
  const { db } = deps;

  app.post('/api/nine/tours/events', { config: { access: CHANGE } }, async (request, reply) => {
    const input = parse(tourEventCreate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const definition = await events.definitionFor(client, input.definition_id, actor.locationId);
      if (new Date(input.starts_at) <= events.now()) throw new AppError('tourEventInPast');
      await assertMeetingPoint(client, input.meeting_point_id, actor.locationId);
      const capacity = input.capacity ?? definition.capacity;
      const minimum = input.min_participants ?? Math.min(definition.min_participants, capacity);
      if (minimum > capacity)
        throw new AppError('validation', {
          data: { issues: [{ path: 'min_participants', code: 'custom', message: 'above_capacity' }] },
        });
      const { id } = await one<{ id: number }>(
        client,
        `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants,
                                  meeting_point_id, note, created_by)
         VALUES ($1, $2, $3, $3::timestamptz + make_interval(mins => $4), $5, $6, $7, $8, $9) RETURNING id`,
        [
          definition.id,
          actor.locationId,
          input.starts_at,
          definition.duration_minutes,
          capacity,
          minimum,
          input.meeting_point_id ?? null,
          input.note || null,
          actor.userId,
        ],
      );
      await audit(client, actor, { entity: 'tour_event', entityId: id, action: 'created', data: input });
      return events.detail(client, id, actor.locationId);
    });
    return reply.code(201).send({ data });
  });

  app.patch('/api/nine/tours/events/:id', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const input = parse(tourEventUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const event = await events.lockEvent(client, id, actor.locationId);
      events.checkVersion(event.version, input.version);
      // Read under the lock: a reservation committed meanwhile counts.
      const capacity = input.capacity ?? event.capacity;
      const minimum = input.min_participants ?? event.min_participants;
      if (capacity < event.seats_taken)
        throw new AppError('eventCapacityBelowBooked', { data: { seats_taken: event.seats_taken } });
      if (minimum > capacity)
        throw new AppError('validation', {
          data: { issues: [{ path: 'min_participants', code: 'custom', message: 'above_capacity' }] },
        });
      await assertMeetingPoint(client, input.meeting_point_id, actor.locationId);
      const old = await one<Record<string, unknown>>(
        client,
        'SELECT capacity, min_participants, meeting_point_id, note FROM tour_events WHERE id = $1',
        [id],
      );
      // A capacity or minimum of its own detaches the event: a later series change leaves it.
      await exec(
        client,
        `UPDATE tour_events SET capacity = $2, min_participants = $3,
           meeting_point_id = CASE WHEN $4 THEN $5 ELSE meeting_point_id END,
           note = CASE WHEN $6 THEN $7 ELSE note END,
           detached = detached OR capacity <> $2 OR min_participants <> $3,
           version = version + 1, updated_at = now()
         WHERE id = $1`,
        [
          id,
          capacity,
          minimum,
          input.meeting_point_id !== undefined,
          input.meeting_point_id ?? null,
          input.note !== undefined,
          input.note || null,
        ],
      );
      const { version: _version, ...changes } = input;
      await audit(client, actor, {
        entity: 'tour_event',
        entityId: id,
        action: 'updated',
        data: { old, new: changes },
      });
      return events.detail(client, id, actor.locationId);
    });
    return { data };
  });

  app.post('/api/nine/tours/events/:id/reschedule', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const input = parse(tourEventReschedule, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const event = await events.lockEvent(client, id, actor.locationId);
      events.checkVersion(event.version, input.version);
      if (event.status === 'cancelled' || event.status === 'completed')
        throw new AppError('eventTransitionRefused', { data: { from: event.status, to: 'rescheduled' } });
      const startsAt = new Date(input.starts_at);
      if (startsAt <= events.now()) throw new AppError('tourEventInPast');
      const endsAt = new Date(startsAt.getTime() + (event.ends_at.getTime() - event.starts_at.getTime()));
      const leaders = await rows<{ leader_id: number }>(
        client,
        'SELECT leader_id FROM tour_event_leaders WHERE event_id = $1 AND NOT released ORDER BY leader_id',
        [id],
      );
      const leaderIds = leaders.map((l) => l.leader_id);
      await events.lockLeaders(client, leaderIds);
      await events.assertNoOverlap(client, leaderIds, id, startsAt, endsAt);
      // Leaders outside their hours are refused, not warned (issue #19): acknowledge does not lift it.
      await events.assertLeadersAvailable(client, leaderIds, startsAt, endsAt, event.time_zone);
      // The trigger moves the leaders' periods in the same statement: an overlap fails here (409 leaderOverlap).
      await exec(
        client,
        `UPDATE tour_events SET starts_at = $2, ends_at = $3, detached = true, version = version + 1, updated_at = now()
         WHERE id = $1`,
        [id, startsAt, endsAt],
      );
      await audit(client, actor, {
        entity: 'tour_event',
        entityId: id,
        action: 'rescheduled',
        data: {
          old: { starts_at: event.starts_at, ends_at: event.ends_at },
          new: { starts_at: startsAt, ends_at: endsAt },
        },
      });
      const result: TourEventRescheduled = {
        event: await events.detail(client, id, actor.locationId),
        participants_affected: event.seats_taken,
      };
      return result;
    });
    return { data };
  });

  app.post('/api/nine/tours/events/:id/status', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const input = parse(tourEventStatusChange, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const event = await events.lockEvent(client, id, actor.locationId);
      events.checkVersion(event.version, input.version);
      if (!canMoveTourEvent(event.status, input.status, event.starts_at > events.now()))
        throw new AppError('eventTransitionRefused', { data: { from: event.status, to: input.status } });
      // Part 2 cancels the reservations with the event; until then an event holding any is not cancelled.
      if (input.status === 'cancelled' && event.seats_taken > 0)
        throw new AppError('eventHasReservations', { data: { seats_taken: event.seats_taken } });
      // Cancelling releases the leaders and scheduling again takes them back, through the trigger (an
      // overlap meanwhile fails with 409 leaderOverlap).
      await exec(
        client,
        `UPDATE tour_events SET status = $2, status_reason = $3, version = version + 1, updated_at = now() WHERE id = $1`,
        [id, input.status, input.reason || null],
      );
      await audit(client, actor, {
        entity: 'tour_event',
        entityId: id,
        action: 'status',
        data: { old: event.status, new: input.status, reason: input.reason ?? null },
      });
      return events.detail(client, id, actor.locationId);
    });
    return { data };
  });
}
