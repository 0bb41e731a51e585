import type { MaintenanceReport, MaintenanceReportQuery } from '@nine/shared/schemas/stock';
import { getWithParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type MaintenanceReportParams = Partial<MaintenanceReportQuery>;

/** GET /api/nine/stock/reports/maintenance: ruled items where they stand, and the period's services. */
export const getMaintenanceReport = getWithParams<MaintenanceReportParams, MaintenanceReport>(
  'nine/stock/reports/maintenance',
);

export const maintenanceReportQueryOptions = (locationId: number, params: MaintenanceReportParams) =>
  pageQueryOptions(['stock', locationId, 'reports', 'maintenance', params] as const, (signal) =>
    getMaintenanceReport(params, { signal }),
  );

export function useMaintenanceReport(locationId: number | null, params: MaintenanceReportParams) {
  return useLocationQuery(locationId, (locationId) => maintenanceReportQueryOptions(locationId, params));
}
