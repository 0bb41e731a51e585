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

/** Inventory reports: repair logs and maintenance, filtered, sorted, paged and totalled in SQL. */
export function registerStockReportRoutes(app: FastifyInstance, deps: { db: Db }): void {
  app.get(
    '/api/nine/stock/reports/repair-logs',
    { config: { access: repairLogReportAccess } },
    async (request) => {
      const q = parse(repairLogReportQuery, request.query);
      const set = repairLogReportSet(actorOf(request).locationId, q);
      const [page, totals] = await Promise.all([
        pageOf<RepairLogReportRow>(deps.db, {
          select: REPAIR_REPORT_COLUMNS,
          from: set.from,
          orderBy: set.orderBy,
          params: set.params,
          page: q.page,
          pageSize: q.page_size,
        }),
        deps.db.pool.query<RepairLogReportTotals>(`SELECT ${REPAIR_REPORT_TOTALS} ${set.from}`, set.params),
      ]);
      const data: RepairLogReport = { ...page, totals: totals.rows[0]! };
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
      const [page, countRows, periodRows] = await Promise.all([
        pageOf<MaintenanceReportRow>(deps.db, {
          select: MAINTENANCE_REPORT_COLUMNS,
          from: set.from,
          orderBy: set.orderBy,
          params: set.params,
          page: q.page,
          pageSize: q.page_size,
        }),
        deps.db.pool.query<{ status: MaintenanceReportStatus; n: number }>(counts.text, counts.params),
        deps.db.pool.query<MaintenancePeriod>(period.text, period.params),
      ]);
      const byStatus = emptyStatusCounts();
      for (const row of countRows.rows) byStatus[row.status] = row.n;
      const data: MaintenanceReport = { ...page, counts: byStatus, period: periodRows.rows[0]! };
      return { data };
    },
  );
}
