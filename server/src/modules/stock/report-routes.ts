import type { FastifyInstance } from 'fastify';
import type { Requirement } from '@nine/shared/permissions';
import {
  maintenanceReportQuery,
  repairLogReportQuery,
  type MaintenancePeriod,
  type MaintenanceReport,
  type MaintenanceReportRow,
  type MaintenanceReportStatus,
  type RepairLogReport,
  type RepairLogReportRow,
  type RepairLogReportTotals,
} from '@nine/shared/schemas/stock';
import type { Db } from '../../db/pool.ts';
import { one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { pageOf } from '../../lib/paging.ts';
import { parse } from '../../lib/validate.ts';
import {
  MAINTENANCE_REPORT_COLUMNS,
  REPAIR_REPORT_COLUMNS,
  REPAIR_REPORT_TOTALS,
  emptyStatusCounts,
  maintenancePeriod,
  maintenanceReportSet,
  maintenanceStatusCounts,
  repairLogReportSet,
} from './report-service.ts';
import { actorOf } from '../../lib/actor.ts';

/** Spec section 6: the repair-logs report admits maintenance or inventory holders. */
export const repairLogReportAccess: { anyOf: Requirement[] } = {
  anyOf: [
    { resource: 'maintenance', action: 'view' },
    { resource: 'inventory', action: 'view' },
  ],
};
export const maintenanceReportAccess = { resource: 'maintenance', action: 'view' } as const;

// The report rows as pg reads them: timestamps as Dates, which the responses carry as ISO strings.
type RepairReportRow = Omit<RepairLogReportRow, 'opened_at' | 'closed_at'> &
  Pick<Tables['repair_logs'], 'opened_at' | 'closed_at'>;
type MaintenanceRow = Omit<MaintenanceReportRow, 'last_serviced_at'> & {
  last_serviced_at: Tables['item_services']['last_service_at'] | null;
};

/** Inventory reports: repair logs and maintenance, filtered, sorted, paged and totalled in SQL. */
export function registerStockReportRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    '/api/nine/stock/reports/repair-logs',
    { config: { access: repairLogReportAccess } },
    async (request) => {
      const q = parse(repairLogReportQuery, request.query);
      const set = repairLogReportSet(actorOf(request).locationId, q);
      const [page, totals] = await Promise.all([
        pageOf<RepairReportRow>(deps.db, {
          select: REPAIR_REPORT_COLUMNS,
          from: set.from,
          orderBy: set.orderBy,
          params: set.params,
          page: q.page,
          pageSize: q.page_size,
        }),
        // Aggregates without GROUP BY: always one row.
        one<RepairLogReportTotals>(deps.db.pool, `SELECT ${REPAIR_REPORT_TOTALS} ${set.from}`, set.params),
      ]);
      const data: RepairLogReport = {
        ...page,
        rows: page.rows.map((row) => ({
          ...row,
          opened_at: row.opened_at.toISOString(),
          closed_at: row.closed_at?.toISOString() ?? null,
        })),
        totals,
      };
      return { data };
    },
  );

  app.get(
    '/api/nine/stock/reports/maintenance',
    { config: { access: maintenanceReportAccess } },
    async (request) => {
      const q = parse(maintenanceReportQuery, request.query);
      const locationId = actorOf(request).locationId;
      const set = maintenanceReportSet(locationId, q);
      const counts = maintenanceStatusCounts(locationId, q);
      const period = maintenancePeriod(locationId, q);
      const [page, countRows, periodRow] = await Promise.all([
        pageOf<MaintenanceRow>(deps.db, {
          select: MAINTENANCE_REPORT_COLUMNS,
          from: set.from,
          orderBy: set.orderBy,
          params: set.params,
          page: q.page,
          pageSize: q.page_size,
        }),
        rows<{ status: MaintenanceReportStatus; n: number }>(deps.db.pool, counts.text, counts.params),
        one<MaintenancePeriod>(deps.db.pool, period.text, period.params),
      ]);
      const byStatus = emptyStatusCounts();
      for (const row of countRows) byStatus[row.status] = row.n;
      const data: MaintenanceReport = {
        ...page,
        rows: page.rows.map((row) => ({
          ...row,
          last_serviced_at: row.last_serviced_at?.toISOString() ?? null,
        })),
        counts: byStatus,
        period: periodRow,
      };
      return { data };
    },
  );
}
