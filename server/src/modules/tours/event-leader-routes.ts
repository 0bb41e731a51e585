import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import { tourEventLeaderAssign } from '@nine/shared/schemas/tours/events';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams, idParam } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { TourEventService } from './event-service.ts';
import type { TourDeps } from './register-tours.ts';

const CHANGE: Requirement = { resource: 'tour', action: 'change' };
const leaderParams = z.object({ id: idParam('bigint'), leaderId: idParam() });

/**
 * Leaders on an event. Assigning checks, under the event's lock and then the leader's (FOR SHARE): the leader
 * is active (422 leaderInactive),
 * works at the event's location (422 leaderNotStaff), is inside their weekly hours and not on a day off there
 * (422 leaderUnavailable), and asks to acknowledge a skill expired by the event's day (1205). The database
 * refuses an overlap with another of the leader's events (tour_event_leaders_no_overlap, 409 leaderOverlap),
 * so two assignments racing cannot both pass.
 */
export function registerTourEventLeaders(
  app: FastifyInstance,
  deps: TourDeps,
  events: TourEventService,
): void {
  const { db } = deps;

  app.post('/api/nine/tours/events/:id/leaders', { config: { access: CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const input = parse(tourEventLeaderAssign, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const event = await events.lockEvent(client, id, actor.locationId);
      // Locked after the event: a day off or deactivation racing this waits, or is read.
      const [leader] = await events.lockLeaders(client, [input.leader_id]);
      if (!leader) throw new AppError('notFound');
      if (!leader.active) throw new AppError('leaderInactive');
      const staff = await maybeOne<{ ok: boolean }>(
        client,
        `SELECT true AS ok FROM users u WHERE u.id = $1 AND u.status = 'active'
           AND EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.location_id = $2)`,
        [leader.user_id, event.location_id],
      );
      if (!staff) throw new AppError('leaderNotStaff');
      await events.assertNoOverlap(client, [leader.id], id, event.starts_at, event.ends_at);
      await events.assertLeadersAvailable(
        client,
        [leader.id],
        event.starts_at,
        event.ends_at,
        event.time_zone,
      );
      const expired = await rows<{ name: string; expires_on: string }>(
        client,
        `SELECT name, expires_on::text FROM tour_leader_skills
         WHERE leader_id = $1 AND expires_on < ($2::timestamptz AT TIME ZONE $3)::date ORDER BY name`,
        [leader.id, event.starts_at, event.time_zone],
      );
      if (expired.length > 0 && !input.acknowledge)
        throw new AppError('confirmationRequired', {
          data: { warnings: ['skill_expired'], skills: expired },
        });
      const added = await exec(
        client,
        `INSERT INTO tour_event_leaders (event_id, leader_id, period, released, assigned_by)
         VALUES ($1, $2, tstzrange($3, $4, '[)'), $5, $6) ON CONFLICT (event_id, leader_id) DO NOTHING`,
        [id, leader.id, event.starts_at, event.ends_at, event.status === 'cancelled', actor.userId],
      );
      if (added > 0)
        await audit(client, actor, {
          entity: 'tour_event',
          entityId: id,
          action: 'leader_assigned',
          data: { leader_id: leader.id, skills_expired: expired.map((s) => s.name) },
        });
      return events.detail(client, id, actor.locationId);
    });
    return { data };
  });

  app.delete(
    '/api/nine/tours/events/:id/leaders/:leaderId',
    { config: { access: CHANGE } },
    async (request) => {
      const { id, leaderId } = parse(leaderParams, request.params);
      const actor = actorOf(request);
      const data = await transaction(db, async (client) => {
        await events.lockEvent(client, id, actor.locationId);
        const removed = await one<{ n: number }>(
          client,
          `WITH gone AS (DELETE FROM tour_event_leaders WHERE event_id = $1 AND leader_id = $2 RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
          [id, leaderId],
        );
        if (removed.n === 0) throw new AppError('notFound');
        await audit(client, actor, {
          entity: 'tour_event',
          entityId: id,
          action: 'leader_removed',
          data: { leader_id: leaderId },
        });
        return events.detail(client, id, actor.locationId);
      });
      return { data };
    },
  );
}
