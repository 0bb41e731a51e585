import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/pool.ts';
import { one, prepared } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';

export interface DashboardSummary {
  location: { id: number; name: string };
  date: string;
  departures_today: number;
  returns_due_today: number;
  overdue: number;
  open_sale_orders: number;
  orders_created_today: number;
  revenue_today_minor: number;
  currency_symbol: string;
}

// Every dashboard load and refresh runs it: prepared, so it is planned once per connection.
const SUMMARY = prepared(`
      WITH loc AS (
        SELECT l.id, l.name, coalesce(gs.currency_symbol, '$') AS currency_symbol,
               (now() AT TIME ZONE l.time_zone)::date AS today, l.time_zone
        FROM locations l LEFT JOIN general_settings gs ON gs.location_id = l.id
        WHERE l.id = $1
      ), bounds AS (
        SELECT loc.*, (today::timestamp AT TIME ZONE time_zone) AS day_start,
               ((today + 1)::timestamp AT TIME ZONE time_zone) AS day_end
        FROM loc
      )
      SELECT json_build_object('id', b.id, 'name', b.name) AS location,
             to_char(b.today, 'YYYY-MM-DD') AS date,
             (SELECT count(*) FROM orders o WHERE o.location_id = b.id AND o.type = 'rent'
                AND o.planned_start >= b.day_start AND o.planned_start < b.day_end
                AND o.status IN ('pending', 'confirmed')) AS departures_today,
             (SELECT count(*) FROM orders o WHERE o.location_id = b.id AND o.type = 'rent'
                AND o.planned_finish >= b.day_start AND o.planned_finish < b.day_end
                AND o.status IN ('delivered', 'partially-delivered', 'partially-returned')) AS returns_due_today,
             (SELECT count(*) FROM orders o WHERE o.location_id = b.id AND o.type = 'rent'
                AND o.planned_finish < now()
                AND o.status IN ('delivered', 'partially-delivered', 'partially-returned')) AS overdue,
             (SELECT count(*) FROM orders o WHERE o.location_id = b.id AND o.status = 'open') AS open_sale_orders,
             (SELECT count(*) FROM orders o WHERE o.location_id = b.id
                AND o.created_at >= b.day_start AND o.created_at < b.day_end) AS orders_created_today,
             ((SELECT coalesce(sum(p.amount_minor), 0) FROM payments p WHERE p.location_id = b.id
                AND p.created_at >= b.day_start AND p.created_at < b.day_end)
             - (SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r JOIN payments p ON p.id = r.payment_id
                WHERE p.location_id = b.id AND r.created_at >= b.day_start AND r.created_at < b.day_end))::bigint
               AS revenue_today_minor,
             b.currency_symbol
      FROM bounds b`);

/**
 * Today's counter figures for the request's location, in the location's time zone. Every count is
 * an index range scan on orders (location, type, date); nothing is loaded into memory.
 */
export function registerDashboardSummary(app: FastifyInstance, deps: { db: Db }): void {
  app.get('/api/nine/dashboard/summary', { config: { access: 'location' } }, async (request) => {
    const locationId = actorOf(request).locationId;
    const summary = await one<DashboardSummary>(deps.db.pool, SUMMARY, [locationId]);
    return { data: summary };
  });
}
