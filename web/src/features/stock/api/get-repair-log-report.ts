import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RepairLogReport, RepairLogReportQuery } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';

export type RepairLogReportParams = Partial<RepairLogReportQuery>;

/** Query-string values of defined params only. */
export function searchParamsOf(params: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}

/** GET /api/nine/stock/reports/repair-logs: one page of the period's repair logs and the set's totals. */
export function getRepairLogReport(
  params: RepairLogReportParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RepairLogReport> {
  return api.get<RepairLogReport>('nine/stock/reports/repair-logs', {
    searchParams: searchParamsOf(params),
    signal,
  });
}

export const repairLogReportQueryOptions = (locationId: number, params: RepairLogReportParams) =>
  queryOptions({
    queryKey: ['stock', locationId, 'reports', 'repair-logs', params] as const,
    queryFn: ({ signal }) => getRepairLogReport(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useRepairLogReport(locationId: number | null, params: RepairLogReportParams) {
  return useQuery({ ...repairLogReportQueryOptions(locationId ?? 0, params), enabled: locationId !== null });
}
