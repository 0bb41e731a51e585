import type {
  MaintenanceReportQuery,
  MaintenanceReportStatus,
  RepairLogReportQuery,
} from '@nine/shared/schemas/stock';
import { containsPattern } from '../../lib/paging.ts';

/** A parameterised query: SQL text and its parameters; `$1` is always the location. */
export interface Sql {
  text: string;
  params: unknown[];
}

const zone = '(SELECT time_zone FROM locations WHERE id = $1)';
/** Calendar day `from` (inclusive) and `to` (inclusive) of the location as instants. */
const dayStart = (p: string) => `(${p}::date::timestamp AT TIME ZONE ${zone})`;
const dayEnd = (p: string) => `((${p}::date + 1)::timestamp AT TIME ZONE ${zone})`;

/** The category and every category under it. */
const categoryTree = (p: string) =>
  `(WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = ${p}
     UNION ALL SELECT c.id FROM categories c JOIN tree ON c.parent_id = tree.id) SELECT id FROM tree)`;

const repairSorts: Record<RepairLogReportQuery['sort'], string> = {
  opened_at: 'x.opened_at',
  item_sku: 'x.item_sku',
  product_name: 'x.product_name',
  work_count: 'x.work_count',
  cost: 'x.cost_minor',
  closed_at: 'x.closed_at',
  days_out: 'x.days_out',
};

/**
 * The repair-logs report's filtered set as a subquery `x` (one row per log, work counted and costed in
 * SQL). The screen, its totals and the export all read it.
 */
export function repairLogReportSet(locationId: number, q: Omit<RepairLogReportQuery, 'page' | 'page_size'>) {
  const params: unknown[] = [locationId];
  const where = ['r.location_id = $1'];
  if (q.from) where.push(`r.opened_at >= ${dayStart(`$${params.push(q.from)}`)}`);
  if (q.to) where.push(`r.opened_at < ${dayEnd(`$${params.push(q.to)}`)}`);
  if (q.status) where.push(`r.status = $${params.push(q.status)}`);
  if (q.product_id !== undefined) where.push(`p.id = $${params.push(q.product_id)}`);
  if (q.category_id !== undefined)
    where.push(`p.category_id IN ${categoryTree(`$${params.push(q.category_id)}`)}`);
  if (q.search) {
    const n = params.push(containsPattern(q.search));
    where.push(`(lower(i.sku) LIKE $${n} OR lower(i.barcode) LIKE $${n})`);
  }
  const from = `FROM (
    SELECT r.id, r.item_id, i.sku AS item_sku, p.id AS product_id, p.name AS product_name, r.problem,
      o.number AS order_number, r.opened_at, ou.name AS opened_by, w.n AS work_count, w.cost AS cost_minor,
      r.closed_at, round(extract(epoch FROM coalesce(r.closed_at, now()) - r.opened_at) / 86400, 1)::float8 AS days_out,
      r.status
    FROM repair_logs r JOIN items i ON i.id = r.item_id JOIN products p ON p.id = i.product_id
    LEFT JOIN orders o ON o.id = r.order_id LEFT JOIN users ou ON ou.id = r.opened_by
    CROSS JOIN LATERAL (SELECT count(*)::int AS n, coalesce(sum(cost_minor), 0)::bigint AS cost
                        FROM repair_work WHERE repair_log_id = r.id) w
    WHERE ${where.join(' AND ')}) x`;
  const dir = q.dir === 'asc' ? 'ASC' : 'DESC';
  const nulls = q.sort === 'closed_at' ? (dir === 'ASC' ? ' NULLS LAST' : ' NULLS FIRST') : '';
  return { from, params, orderBy: `ORDER BY ${repairSorts[q.sort]} ${dir}${nulls}, x.id ${dir}` };
}

export const REPAIR_REPORT_COLUMNS = `x.id, x.item_id, x.item_sku, x.product_id, x.product_name, x.problem, x.order_number,
  x.opened_at, x.opened_by, x.work_count, x.cost_minor, x.closed_at, x.days_out, x.status`;

export const REPAIR_REPORT_TOTALS = `count(*)::int AS logs, (count(*) FILTER (WHERE x.status = 'open'))::int AS open,
  coalesce(sum(x.cost_minor), 0)::bigint AS cost_minor, round(avg(x.days_out)::numeric, 1)::float8 AS avg_days_out`;

const maintenanceSorts: Record<MaintenanceReportQuery['sort'], string> = {
  // Rent minutes and clock minutes side by side: whichever rule falls due first.
  due_in: 'x.due_key',
  sku: 'x.sku',
  product_name: 'x.product_name',
  last_service_at: 'x.last_serviced_at',
};

/**
 * Items of the location under a maintenance rule with where they stand, as subquery `x`. Due soon: within
 * the last tenth of the interval (6 minutes per rule hour, 8,640 seconds per rule day).
 */
export function maintenanceReportSet(
  locationId: number,
  q: Omit<MaintenanceReportQuery, 'page' | 'page_size' | 'from' | 'to'>,
  withStatus = true,
) {
  const params: unknown[] = [locationId];
  const where = [`i.current_location_id = $1`, `i.status NOT IN ('retired', 'lost')`];
  if (q.product_id !== undefined) where.push(`p.id = $${params.push(q.product_id)}`);
  if (q.category_id !== undefined)
    where.push(`p.category_id IN ${categoryTree(`$${params.push(q.category_id)}`)}`);
  if (q.search) {
    const n = params.push(containsPattern(q.search));
    where.push(`(lower(i.sku) LIKE $${n} OR lower(i.barcode) LIKE $${n} OR lower(p.name) LIKE $${n})`);
  }
  const outer = withStatus && q.status ? `WHERE x.status = $${params.push(q.status)}` : '';
  const from = `FROM (
    SELECT i.id AS item_id, i.sku, p.id AS product_id, p.name AS product_name, m.every_rent_hours, m.every_days,
      round(m.rent_minutes_since_service / 60.0, 1)::float8 AS rent_hours_since_service,
      round(extract(epoch FROM now() - m.last_service_at) / 86400, 1)::float8 AS days_since_service,
      CASE WHEN m.every_rent_hours IS NULL THEN NULL ELSE round(m.rent_minutes_left / 60.0, 1)::float8 END AS due_in_hours,
      CASE WHEN m.every_days IS NULL THEN NULL ELSE round(extract(epoch FROM m.due_at - now()) / 86400, 1)::float8 END AS due_in_days,
      CASE WHEN i.status = 'maintenance' OR rl.id IS NOT NULL THEN 'in_repair'
           WHEN m.due THEN 'due'
           WHEN m.rent_minutes_left <= m.every_rent_hours * 6
             OR m.due_at <= now() + make_interval(secs => m.every_days * 8640) THEN 'due_soon'
           ELSE 'ok' END AS status,
      s.last_service_at AS last_serviced_at, rl.id AS open_repair_log_id,
      least(m.rent_minutes_left, extract(epoch FROM m.due_at - now()) / 60) AS due_key
    FROM items i JOIN item_maintenance_status m ON m.item_id = i.id JOIN products p ON p.id = i.product_id
    LEFT JOIN item_services s ON s.item_id = i.id
    LEFT JOIN repair_logs rl ON rl.item_id = i.id AND rl.status = 'open'
    WHERE ${where.join(' AND ')}) x ${outer}`;
  const dir = q.dir === 'desc' ? 'DESC' : 'ASC';
  const nulls = dir === 'ASC' ? ' NULLS LAST' : ' NULLS FIRST';
  return { from, params, orderBy: `ORDER BY ${maintenanceSorts[q.sort]} ${dir}${nulls}, x.sku, x.item_id` };
}

export const MAINTENANCE_REPORT_COLUMNS = `x.item_id, x.sku, x.product_id, x.product_name, x.every_rent_hours, x.every_days,
  x.rent_hours_since_service, x.days_since_service, x.due_in_hours, x.due_in_days, x.status, x.last_serviced_at,
  x.open_repair_log_id`;

/** Counts per status of the filtered items (before the status filter), for the report's summary. */
export function maintenanceStatusCounts(
  locationId: number,
  q: Omit<MaintenanceReportQuery, 'page' | 'page_size' | 'from' | 'to'>,
): Sql {
  const set = maintenanceReportSet(locationId, q, false);
  return { text: `SELECT x.status, count(*)::int AS n ${set.from} GROUP BY x.status`, params: set.params };
}

export const emptyStatusCounts = (): Record<MaintenanceReportStatus, number> => ({
  ok: 0,
  due_soon: 0,
  due: 0,
  in_repair: 0,
});

/**
 * Services recorded and repairs closed in the period. Every service writes one 'serviced' audit row
 * (closing a repair too); services without a repair log carry their own cost there.
 */
export function maintenancePeriod(locationId: number, q: { from?: string; to?: string }): Sql {
  const params: unknown[] = [locationId];
  const audits = [`a.location_id = $1`, `a.entity_type = 'item'`, `a.action = 'serviced'`];
  const repairs = [`r.location_id = $1`, `r.status = 'closed'`];
  if (q.from) {
    const start = dayStart(`$${params.push(q.from)}`);
    audits.push(`a.at >= ${start}`);
    repairs.push(`r.closed_at >= ${start}`);
  }
  if (q.to) {
    const end = dayEnd(`$${params.push(q.to)}`);
    audits.push(`a.at < ${end}`);
    repairs.push(`r.closed_at < ${end}`);
  }
  return {
    text: `SELECT s.services, s.other_cost AS other_services_cost_minor, rep.n AS repairs_closed, rep.cost AS repairs_cost_minor,
        (s.other_cost + rep.cost)::bigint AS cost_minor
      FROM (SELECT count(*)::int AS services,
              coalesce(sum((a.data->>'cost_minor')::bigint) FILTER (WHERE NOT a.data ? 'repair_log_id'), 0)::bigint AS other_cost
            FROM audit_log a WHERE ${audits.join(' AND ')}) s,
           (SELECT count(*)::int AS n,
              coalesce(sum((SELECT sum(w.cost_minor) FROM repair_work w WHERE w.repair_log_id = r.id)), 0)::bigint AS cost
            FROM repair_logs r WHERE ${repairs.join(' AND ')}) rep`,
    params,
  };
}

/** The Download Center's query: the report's filtered set in its sort order, every row. */
export function repairLogExportQuery(locationId: number, q: RepairLogReportQuery): Sql {
  const set = repairLogReportSet(locationId, q);
  return {
    text: `SELECT ${REPAIR_REPORT_COLUMNS.replace('x.item_sku', 'x.item_sku AS sku')} ${set.from} ${set.orderBy}`,
    params: set.params,
  };
}

export function maintenanceExportQuery(locationId: number, q: MaintenanceReportQuery): Sql {
  const set = maintenanceReportSet(locationId, q);
  return { text: `SELECT ${MAINTENANCE_REPORT_COLUMNS} ${set.from} ${set.orderBy}`, params: set.params };
}
