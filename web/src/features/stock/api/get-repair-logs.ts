import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RepairLog } from '@nine/shared/schemas/stock';
import type { Page } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';

export type { RepairLog };

export interface RepairLogParams {
  status: 'open' | 'closed' | 'all';
  page: number;
}

/** GET /api/nine/stock/repair-logs: this location's repairs, newest first. */
export function getRepairLogs(
  params: RepairLogParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<RepairLog>> {
  return api.get<Page<RepairLog>>('nine/stock/repair-logs', { searchParams: { ...params }, signal });
}

export const repairLogsQueryOptions = (locationId: number, params: RepairLogParams) =>
  queryOptions({
    queryKey: ['stock', locationId, 'repair-logs', params] as const,
    queryFn: ({ signal }) => getRepairLogs(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useRepairLogs(locationId: number | null, params: RepairLogParams) {
  return useQuery({ ...repairLogsQueryOptions(locationId ?? 0, params), enabled: locationId !== null });
}
