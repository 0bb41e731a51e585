import type { FastifyInstance } from 'fastify';
import {
  tourReservationCreate,
  tourReservationListQuery,
  type TourReservationRow,
} from '@nine/shared/schemas/tours/reservations';
import { actorOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { pageOf } from '../../lib/paging.ts';
import { secretBoxFromEnv } from '../../lib/secret-box.ts';
import { parse } from '../../lib/validate.ts';
import { matchingCustomerIds } from '../customers/customer-search.ts';
import { PAID_SQL } from '../orders/order-list.ts';
import { EVENT_READ, type TourEventService } from './event-service.ts';
import { inScope, reservationDetail, type ReadDeps } from './reservation-queries.ts';
import { createReservation } from './reservation-service.ts';
import type { TourDeps } from './register-tours.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

/** The list's status groups (shared tourReservationStatusFilters) over the order statuses. */
const STATUS_SQL: Record<string, string> = {
  live: `o.status NOT IN ('cancelled', 'pre-cancel')`,
  open: `o.status NOT IN ('cancelled', 'pre-cancel', 'closed')`,
  pending: `o.status = 'pending'`,
  confirmed: `o.status = 'confirmed'`,
  in_progress: `o.status IN ('partially-delivered', 'delivered', 'partially-returned', 'returned')`,
  closed: `o.status = 'closed'`,
  cancelled: `o.status IN ('cancelled', 'pre-cancel')`,
};
const SORT_SQL: Record<string, string> = {
  created_at: 'o.created_at',
  starts_at: 'e.starts_at',
  number: 'o.number',
  customer: 'c.last_name',
  total: 'o.total_minor',
};

const ROW_COLUMNS = `o.id AS order_id, o.number, o.status,
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'name', trim(c.first_name || ' ' || c.last_name),
    'phone', c.phone, 'email', c.email) END AS customer,
  json_build_object('id', e.id, 'starts_at', e.starts_at, 'ends_at', e.ends_at, 'status', e.status,
    'definition_id', d.id, 'definition_name', d.name, 'group_color', g.color) AS event,
  coalesce(st.seats, 0) AS seats, coalesce(st.by_group, '[]') AS seats_by_age_group,
  pc.participants, pc.signed, pc.checked_in,
  o.total_minor, ${PAID_SQL}::bigint AS paid_minor, (o.total_minor - ${PAID_SQL})::bigint AS balance_minor,
  r.is_private, o.created_at`;

// Live seats by age group, and the participants named, signed and checked in, of each reservation o.
const ROW_FROM = `FROM tour_reservations r JOIN orders o ON o.id = r.order_id
  JOIN tour_events e ON e.id = r.event_id JOIN tour_definitions d ON d.id = e.definition_id
  LEFT JOIN tour_groups g ON g.id = d.group_id LEFT JOIN customers c ON c.id = o.customer_id
  LEFT JOIN LATERAL (
    SELECT sum(x.quantity)::int AS seats,
           json_agg(json_build_object('age_group_id', x.age_group_id, 'name', x.name, 'quantity', x.quantity)
                    ORDER BY x.sort_order, x.age_group_id) AS by_group
    FROM (SELECT oi.tour_age_group_id AS age_group_id, a.name::text AS name, a.sort_order, sum(oi.quantity)::int AS quantity
          FROM order_items oi JOIN tour_age_groups a ON a.id = oi.tour_age_group_id
          WHERE oi.order_id = o.id AND oi.tour_event_id IS NOT NULL AND oi.status <> 'cancelled'
          GROUP BY 1, 2, 3) x) st ON true
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS participants,
           (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM tour_waivers w WHERE w.participant_id = tp.id)))::int AS signed,
           count(tp.checked_in_at)::int AS checked_in
    FROM tour_participants tp WHERE tp.order_id = o.id) pc ON true`;

/** Reservations: book (POST), the list and one reservation's detail. */
export function registerReservationRoutes(
  app: FastifyInstance,
  deps: TourDeps,
  events: TourEventService,
): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const read: ReadDeps = { publicUrl: deps.publicUrl ?? '', secrets: secretBoxFromEnv() };

  idempotentRoute(
    app,
    db,
    { url: '/api/nine/tours/reservations', access: TOUR_CHANGE, body: tourReservationCreate },
    async (client, actor, input) => {
      const orderId = await createReservation(client, actor, input, {
        orders: deps.orders,
        auth: deps.auth,
        now,
      });
      return reservationDetail(client, orderId, actor.locationId, null, read, now());
    },
  );

  app.get('/api/nine/tours/reservations', { config: { access: EVENT_READ } }, async (request) => {
    const q = parse(tourReservationListQuery, request.query);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const params: unknown[] = [actor.locationId, scope];
    const where = ['o.location_id = $1', inScope('$2')];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (q.search) {
      const number = /^\d{1,12}$/.test(q.search) ? Number(q.search) : null;
      add(
        (n) =>
          `(${number === null ? '' : `o.number::text = ${n} OR `}o.customer_id IN (${matchingCustomerIds(n)}))`,
        q.search,
      );
    }
    if (q.event_id) add((n) => `r.event_id = ${n}`, q.event_id);
    if (q.definition_id) add((n) => `e.definition_id = ${n}`, q.definition_id);
    const zone = `(SELECT time_zone FROM locations WHERE id = $1)`;
    if (q.from) add((n) => `e.starts_at >= (${n}::date::timestamp AT TIME ZONE ${zone})`, q.from);
    if (q.to) add((n) => `e.starts_at < ((${n}::date + 1)::timestamp AT TIME ZONE ${zone})`, q.to);
    if (q.status !== 'all') where.push(STATUS_SQL[q.status]!);
    if (q.balance === 'due') where.push(`o.total_minor - ${PAID_SQL} > 0`);
    if (q.balance === 'paid') where.push(`o.total_minor - ${PAID_SQL} <= 0`);
    // Complete: every live seat has a participant with a waiver.
    const complete = 'pc.signed >= coalesce(st.seats, 0)';
    if (q.signed === 'complete') where.push(complete);
    if (q.signed === 'incomplete') where.push(`NOT (${complete})`);
    const dir = q.sort_type === 'desc' ? 'DESC' : 'ASC';
    const data = await pageOf<TourReservationRow>(db, {
      select: ROW_COLUMNS,
      from: `${ROW_FROM} WHERE ${where.join(' AND ')}`,
      orderBy: `ORDER BY ${SORT_SQL[q.sort]} ${dir} NULLS LAST, o.id ${dir}`,
      params,
      page: q.page,
      pageSize: q.page_size,
    });
    return { data };
  });

  app.get('/api/nine/tours/reservations/:id', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    return { data: await reservationDetail(db.pool, id, actor.locationId, scope, read, now()) };
  });
}
