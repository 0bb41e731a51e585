import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { TourManifest, TourManifestUnnamed } from '@nine/shared/schemas/tours/reservations';
import { maybeOne, rows } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { parse } from '../../lib/validate.ts';
import { EVENT_LEADERS_JOIN, EVENT_READ, type TourEventService } from './event-service.ts';
import { inScope, manifestRows } from './reservation-queries.ts';
import type { TourDeps } from './register-tours.ts';

type ManifestEventRow = Omit<TourManifest['event'], 'meeting_point'> & {
  mp_id: number | null;
  mp_name: string | null;
  mp_address: string | null;
  mp_instructions: string | null;
};

/**
 * GET /api/nine/tours/events/:id/manifest: the participant sheet of a departure. Everyone named on its live
 * reservations, and the seats nobody is named for yet (by reservation and age group), so the printed sheet has a
 * line for every seat. In the caller's scope: a guide without tour:change sees the events they lead only.
 */
export function registerReservationManifest(
  app: FastifyInstance,
  deps: TourDeps,
  events: TourEventService,
): void {
  const { db } = deps;
  app.get('/api/nine/tours/events/:id/manifest', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const event = await maybeOne<ManifestEventRow>(
      db.pool,
      `SELECT e.id, e.definition_id, d.name AS definition_name, d.code::text AS definition_code, g.color AS group_color,
              e.starts_at, e.ends_at, e.status, e.capacity, e.seats_taken, coalesce(l.names, '{}') AS leader_names,
              loc.time_zone, mp.id AS mp_id, mp.name AS mp_name, mp.address AS mp_address, mp.instructions AS mp_instructions
       FROM tour_events e JOIN tour_definitions d ON d.id = e.definition_id
       LEFT JOIN tour_groups g ON g.id = d.group_id JOIN locations loc ON loc.id = e.location_id
       LEFT JOIN tour_places mp ON mp.id = coalesce(e.meeting_point_id, d.meeting_point_id)
       ${EVENT_LEADERS_JOIN}
       WHERE e.id = $1 AND e.location_id = $2 AND ${inScope('$3')}`,
      [id, actor.locationId, scope],
    );
    if (!event) throw new AppError('notFound');
    const participants = await manifestRows(db.pool, id);
    // Per live reservation and age group: its live seats less the participants named in that group.
    const unnamed = await rows<TourManifestUnnamed>(
      db.pool,
      `SELECT o.id AS order_id, o.number AS order_number,
              CASE WHEN c.id IS NULL THEN NULL ELSE trim(c.first_name || ' ' || c.last_name) END AS customer_name,
              s.age_group_id, a.name::text AS age_group_name,
              (s.seats - (SELECT count(*) FROM tour_participants tp WHERE tp.order_id = o.id AND tp.age_group_id = s.age_group_id))::int AS seats
       FROM tour_reservations r JOIN orders o ON o.id = r.order_id LEFT JOIN customers c ON c.id = o.customer_id
       JOIN LATERAL (SELECT oi.tour_age_group_id AS age_group_id, sum(oi.quantity)::int AS seats FROM order_items oi
                     WHERE oi.order_id = o.id AND oi.tour_event_id IS NOT NULL AND oi.status <> 'cancelled' GROUP BY 1) s ON true
       JOIN tour_age_groups a ON a.id = s.age_group_id
       WHERE r.event_id = $1 AND o.status NOT IN ('cancelled', 'pre-cancel')
         AND s.seats > (SELECT count(*) FROM tour_participants tp WHERE tp.order_id = o.id AND tp.age_group_id = s.age_group_id)
       ORDER BY o.number, a.sort_order, a.id`,
      [id],
    );
    const { mp_id, mp_name, mp_address, mp_instructions, ...head } = event;
    const named = participants.length;
    const data: TourManifest = {
      event: {
        ...head,
        meeting_point:
          mp_id === null
            ? null
            : { id: mp_id, name: mp_name!, address: mp_address, instructions: mp_instructions },
      },
      participants,
      unnamed,
      totals: {
        // The live seats themselves (the trigger's count), not named + unnamed: a group named beyond its seats
        // would count twice.
        seats: event.seats_taken,
        named,
        signed: participants.filter((p) => p.signed).length,
        checked_in: participants.filter((p) => p.checked_in_at !== null).length,
      },
    };
    return { data };
  });
}
