import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MaintenanceReport, MaintenanceReportQuery } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { searchParamsOf } from './get-repair-log-report.ts';

export type MaintenanceReportParams = Partial<MaintenanceReportQuery>;

/** GET /api/nine/stock/reports/maintenance: ruled items where they stand, and the period's services. */
export function getMaintenanceReport(
  params: MaintenanceReportParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MaintenanceReport> {
  return api.get<MaintenanceReport>('nine/stock/reports/maintenance', {
    searchParams: searchParamsOf(params),
    signal,
  });
}

export const maintenanceReportQueryOptions = (locationId: number, params: MaintenanceReportParams) =>
  queryOptions({
    queryKey: ['stock', locationId, 'reports', 'maintenance', params] as const,
    queryFn: ({ signal }) => getMaintenanceReport(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useMaintenanceReport(locationId: number | null, params: MaintenanceReportParams) {
  return useQuery({
    ...maintenanceReportQueryOptions(locationId ?? 0, params),
    enabled: locationId !== null,
  });
}
