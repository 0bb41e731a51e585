import type { FastifyInstance } from 'fastify';
import {
  availabilityCalendarQuery,
  calendarOrdersQuery,
  type AvailabilityCalendar,
  type CalendarRow,
} from '@nine/shared/schemas/stock';
import type { Db } from '../../db/pool.ts';
import { one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { containsPattern } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import { actorOf } from '../../lib/actor.ts';
import { closedDays } from '../settings/business-rules.ts';

/** A booking of the drill-in: the order's and the line's columns as stored. */
type BookingRow = Pick<Tables['order_items'], 'quantity' | 'planned_start' | 'planned_finish'> & {
  order_id: Tables['orders']['id'];
  order_number: Tables['orders']['number'];
  order_type: Tables['orders']['type'];
  order_status: Tables['orders']['status'];
  customer: string | null;
  item_sku: Tables['items']['sku'] | null;
};

/**
 * availability-calendar: per rent product, units booked per slot (days of a month, or the hours of one
 * day) against what the location holds. Spec section 6: the availability pages need no permission.
 */
export function registerCalendarRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/stock/availability-calendar', { config: { access: 'location' } }, async (request) => {
    const q = parse(availabilityCalendarQuery, request.query);
    const locationId = actorOf(request).locationId;
    // The window: days of the location from start_day, or slots from an instant. Slot starts come from the
    // database so a day is the location's calendar day (23 or 25 hours across a clock change).
    const byDay = q.start_day !== undefined && q.slot_minutes === 1440;
    // One row: the CTE reads the session's own location.
    const { starts: window } = await one<{ starts: Date[] }>(
      deps.db.pool,
      `WITH w AS (SELECT coalesce($2::timestamptz, $3::date::timestamp AT TIME ZONE l.time_zone) AS start,
                           $3::date AS day, l.time_zone FROM locations l WHERE l.id = $1)
         SELECT ARRAY(SELECT CASE WHEN $6 THEN (w.day + i)::timestamp AT TIME ZONE w.time_zone
                                  ELSE w.start + i * $4::interval END
                      FROM generate_series(0, $5::int) AS i) AS starts FROM w`,
      [locationId, q.from ?? null, q.start_day ?? null, `${q.slot_minutes} minutes`, q.slots, byDay],
    );
    // $1 and $2 always; then the path's own: the first day, or the first instant and the slot length.
    const params: unknown[] = byDay
      ? [locationId, q.slots, q.start_day]
      : [locationId, q.slots, window[0], `${q.slot_minutes} minutes`];
    const where = [`p.kind = 'rent'`, 'p.active'];
    if (q.product_id !== undefined) where.push(`p.id = $${params.push(q.product_id)}`);
    if (q.category_id !== undefined) {
      where.push(`p.category_id IN (WITH RECURSIVE t AS (SELECT id FROM categories WHERE id = $${params.push(q.category_id)}
        UNION ALL SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id) SELECT id FROM t)`);
    }
    if (q.search) {
      where.push(
        `(lower(p.name) LIKE $${params.push(containsPattern(q.search))} OR lower(p.sku) LIKE $${params.length})`,
      );
    }
    const filter = `FROM products p LEFT JOIN categories c ON c.id = p.category_id WHERE ${where.join(' AND ')}`;
    const found = await rows<CalendarRow & { total: number }>(
      deps.db.pool,
      `WITH prods AS (
         SELECT p.id, p.sku, p.name, c.name AS category, p.is_serialized, count(*) OVER ()::int AS total ${filter}
         ORDER BY p.name, p.id LIMIT ${q.page_size} OFFSET ${(q.page - 1) * q.page_size}
       ), booked AS (${byDay ? bookedByDay : bookedBySlot}
       ), cells AS (
         SELECT p.id, array_agg(coalesce(b.units, 0) ORDER BY sl.n) AS booked
         FROM prods p CROSS JOIN generate_series(0, $2::int - 1) AS sl(n)
         LEFT JOIN booked b ON b.product_id = p.id AND b.n = sl.n
         GROUP BY p.id
       ), held AS (
         SELECT i.product_id, count(*) FILTER (WHERE i.status NOT IN ('retired', 'lost'))::int AS capacity,
                count(*) FILTER (WHERE i.status = 'maintenance' OR (i.status = 'available' AND m.due))::int AS in_maintenance
         FROM items i LEFT JOIN item_maintenance_status m ON m.item_id = i.id
         WHERE i.current_location_id = $1 AND i.product_id IN (SELECT id FROM prods) GROUP BY i.product_id
       )
       SELECT p.id AS product_id, p.sku, p.name, p.category, p.is_serialized,
              CASE WHEN p.is_serialized THEN coalesce(h.capacity, 0) ELSE coalesce(st.quantity, 0) END AS capacity,
              coalesce(h.in_maintenance, 0) AS in_maintenance, cells.booked, p.total
       FROM prods p JOIN cells ON cells.id = p.id LEFT JOIN held h ON h.product_id = p.id
       LEFT JOIN stock_levels st ON st.product_id = p.id AND st.location_id = $1
       ORDER BY p.name, p.id`,
      params,
    );
    const data: AvailabilityCalendar = {
      slots: window.slice(0, -1).map((d) => d.toISOString()),
      end: window.at(-1)!.toISOString(),
      closed_days: await closedDays(deps.db.pool, locationId, window[0]!, window.at(-1)!),
      rows: found.map(({ total: _t, ...row }) => row),
      total: found[0]?.total ?? 0,
      page: q.page,
      page_size: q.page_size,
    };
    return { data };
  });

  // The drill-in: the orders holding the product in a slot.
  app.get(
    '/api/nine/stock/availability-calendar/orders',
    { config: { access: 'location' } },
    async (request) => {
      const q = parse(calendarOrdersQuery, request.query);
      const bookings = await rows<BookingRow>(
        deps.db.pool,
        `SELECT o.id AS order_id, o.number AS order_number, o.type AS order_type, o.status AS order_status,
              nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), '') AS customer,
              i.sku AS item_sku, oi.quantity, oi.planned_start, oi.planned_finish
       FROM order_items oi JOIN orders o ON o.id = oi.order_id LEFT JOIN customers cu ON cu.id = o.customer_id
       LEFT JOIN items i ON i.id = oi.item_id
       WHERE oi.product_id = $1 AND o.location_id = $2 AND oi.status <> 'cancelled' AND oi.booked_period && tstzrange($3, $4, '[)')
       ORDER BY oi.planned_start, o.number LIMIT 500`,
        [q.product_id, actorOf(request).locationId, q.from, q.to],
      );
      return { data: bookings };
    },
  );
}

// Days of the location: one row per product and day, kept by triggers on order_items (migration 0016).
const bookedByDay = `
         SELECT b.product_id, b.day - $3::date AS n, b.units FROM product_booked_days b
         WHERE b.location_id = $1 AND b.product_id IN (SELECT id FROM prods)
           AND b.day >= $3::date AND b.day < $3::date + $2::int`;

// Any other slots (the hours of a day): the bookings overlapping the range, served by the (product_id,
// booked_period) gist index, each spread over just the slots it covers by arithmetic rather than compared
// with every slot. A serialized item counts once per slot however many bookings it has in it.
const bookedBySlot = `
         SELECT oi.product_id, sl.n,
                (count(DISTINCT oi.item_id) + coalesce(sum(oi.quantity) FILTER (WHERE oi.item_id IS NULL), 0))::int AS units
         FROM order_items oi JOIN orders o ON o.id = oi.order_id
         CROSS JOIN LATERAL generate_series(
           greatest(0, floor(extract(epoch FROM lower(oi.booked_period) - $3::timestamptz) / extract(epoch FROM $4::interval)))::int,
           least($2::int - 1, ceil(extract(epoch FROM upper(oi.booked_period) - $3::timestamptz) / extract(epoch FROM $4::interval)) - 1)::int
         ) AS sl(n)
         WHERE oi.product_id IN (SELECT id FROM prods) AND oi.status <> 'cancelled' AND o.location_id = $1
           AND oi.booked_period && tstzrange($3::timestamptz, $3::timestamptz + $2::int * $4::interval, '[)')
         GROUP BY oi.product_id, sl.n`;
