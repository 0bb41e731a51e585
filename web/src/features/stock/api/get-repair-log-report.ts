import type { RepairLogReport, RepairLogReportQuery } from '@nine/shared/schemas/stock';
import { getWithParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type RepairLogReportParams = Partial<RepairLogReportQuery>;

/** GET /api/nine/stock/reports/repair-logs: one page of the period's repair logs and the set's totals. */
export const getRepairLogReport = getWithParams<RepairLogReportParams, RepairLogReport>(
  'nine/stock/reports/repair-logs',
);

export const repairLogReportQueryOptions = (locationId: number, params: RepairLogReportParams) =>
  pageQueryOptions(['stock', locationId, 'reports', 'repair-logs', params] as const, (signal) =>
    getRepairLogReport(params, { signal }),
  );

export function useRepairLogReport(locationId: number | null, params: RepairLogReportParams) {
  return useLocationQuery(locationId, (locationId) => repairLogReportQueryOptions(locationId, params));
}
