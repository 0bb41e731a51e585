import type { RepairLog } from '@nine/shared/schemas/stock';
import type { Page } from '@nine/shared/schemas/orders';
import { getWithParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { RepairLog };

export interface RepairLogParams {
  status: 'open' | 'closed' | 'all';
  page: number;
}

/** GET /api/nine/stock/repair-logs: this location's repairs, newest first. */
export const getRepairLogs = getWithParams<RepairLogParams, Page<RepairLog>>('nine/stock/repair-logs');

export const repairLogsQueryOptions = (locationId: number, params: RepairLogParams) =>
  pageQueryOptions(['stock', locationId, 'repair-logs', params] as const, (signal) =>
    getRepairLogs(params, { signal }),
  );

export function useRepairLogs(locationId: number | null, params: RepairLogParams) {
  return useLocationQuery(locationId, (locationId) => repairLogsQueryOptions(locationId, params));
}
