import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  leaderDaysOffCreate,
  leaderEventsQuery,
  type DaysOffWarning,
  type LeaderDaysOff,
  type LeaderEventRow,
} from '@nine/shared/schemas/tours/leaders';
import { maybeOne, one, rows } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idParam, idParams } from '../../lib/id-param.ts';
import { pageOf } from '../../lib/paging.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { TourDeps } from './register-tours.ts';
import { DAYS_OFF_COLUMNS, EVENT_COLUMNS, EVENT_FROM, leaderAt, ledBy, ownScope } from './leader-queries.ts';

const VIEW: Requirement = { resource: 'tour', action: 'view' };
const MANAGE: Requirement = { resource: 'tour', action: 'manage' };
const dayParams = z.object({ id: idParam(), dayId: idParam() });

/**
 * A leader's days off (no two entries overlap: tour_leader_days_off_no_overlap, 409 leaderDaysOffOverlap,
 * which also settles two saves racing) and the departures they are assigned to, paged.
 */
export function registerLeaderDaysOffRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db, auth } = deps;
  const now = deps.now ?? (() => new Date());

  app.post('/api/nine/tours/leaders/:id/days-off', { config: { access: MANAGE } }, async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const input = parse(leaderDaysOffCreate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      await leaderAt(client, id, actor.locationId, true);
      // Future departures the leader is assigned to on those days, each on its own location's calendar (D5; a
      // departure ending at midnight does not touch the next day): the leader stays assigned, so someone must
      // know to replace them. Another location's are only counted: this one may not see them.
      const overlapping = `el.leader_id = $1 AND NOT el.released AND e.status <> 'cancelled' AND e.ends_at > $4
        AND daterange((e.starts_at AT TIME ZONE loc.time_zone)::date,
                      ((e.ends_at - interval '1 microsecond') AT TIME ZONE loc.time_zone)::date, '[]')
            && daterange($2::date, $3::date, '[]')`;
      const params = [id, input.first_day, input.last_day, now(), actor.locationId];
      const clashes = await rows<LeaderEventRow>(
        client,
        `SELECT ${EVENT_COLUMNS} ${EVENT_FROM} JOIN locations loc ON loc.id = e.location_id
         WHERE ${overlapping} AND e.location_id = $5 ORDER BY e.starts_at, e.id LIMIT 50`,
        params,
      );
      const counts = await one<{ here: number; elsewhere: number }>(
        client,
        `SELECT count(*) FILTER (WHERE e.location_id = $5)::int AS here,
                count(*) FILTER (WHERE e.location_id <> $5)::int AS elsewhere
         FROM tour_event_leaders el JOIN tour_events e ON e.id = el.event_id
         JOIN locations loc ON loc.id = e.location_id WHERE ${overlapping}`,
        params,
      );
      if (counts.here + counts.elsewhere > 0 && !input.acknowledge) {
        const warning: DaysOffWarning = {
          warnings: ['assigned_events'],
          events: clashes,
          total: counts.here,
          other_locations: counts.elsewhere,
        };
        throw new AppError('confirmationRequired', { data: warning });
      }
      const row = await one<LeaderDaysOff>(
        client,
        `INSERT INTO tour_leader_days_off (leader_id, days, reason) VALUES ($1, daterange($2::date, $3::date, '[]'), $4)
         RETURNING ${DAYS_OFF_COLUMNS}`,
        [id, input.first_day, input.last_day, input.reason],
      );
      await audit(client, actor, {
        entity: 'tour_leader',
        entityId: id,
        action: 'days_off_added',
        data: {
          ...row,
          assigned_events: clashes.map((e) => e.event_id),
          assigned_here: counts.here,
          assigned_elsewhere: counts.elsewhere,
        },
      });
      return row;
    });
    reply.code(201);
    return { data };
  });

  app.delete(
    '/api/nine/tours/leaders/:id/days-off/:dayId',
    { config: { access: MANAGE } },
    async (request) => {
      const { id, dayId } = parse(dayParams, request.params);
      const actor = actorOf(request);
      await transaction(db, async (client) => {
        await leaderAt(client, id, actor.locationId, true);
        const row = await maybeOne<LeaderDaysOff>(
          client,
          `DELETE FROM tour_leader_days_off WHERE id = $1 AND leader_id = $2 RETURNING ${DAYS_OFF_COLUMNS}`,
          [dayId, id],
        );
        if (!row) throw new AppError('notFound');
        await audit(client, actor, {
          entity: 'tour_leader',
          entityId: id,
          action: 'days_off_removed',
          data: row,
        });
      });
      return { data: { id: dayId } };
    },
  );

  app.get('/api/nine/tours/leaders/:id/events', { config: { access: VIEW } }, async (request) => {
    const { id } = parse(idParams, request.params);
    const q = parse(leaderEventsQuery, request.query);
    const actor = actorOf(request);
    await leaderAt(db.pool, id, actor.locationId);
    const scope = await ownScope(auth, actor);
    // Days are the location's: from its midnight to the midnight after `to`.
    const data = await pageOf<LeaderEventRow>(db, {
      select: EVENT_COLUMNS,
      from: `${EVENT_FROM} WHERE el.leader_id = $1 AND e.location_id = $2
        AND ($3::date IS NULL OR e.starts_at >= ($3::date)::timestamp AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $2))
        AND ($4::date IS NULL OR e.starts_at < ($4::date + 1)::timestamp AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $2))
        AND ($5::int IS NULL OR ${ledBy('$5')})`,
      orderBy: 'ORDER BY e.starts_at DESC, e.id DESC',
      params: [id, actor.locationId, q.from ?? null, q.to ?? null, scope],
      page: q.page,
      pageSize: q.page_size,
    });
    return { data };
  });
}
