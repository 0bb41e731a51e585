import type { ScheduledMaintenanceRow } from '@nine/shared/schemas/stock';
import type { Page } from '@nine/shared/schemas/orders';
import { getWithParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { ScheduledMaintenanceRow };

export interface ScheduledMaintenanceParams {
  due: 'all' | 'due';
  search: string;
  page: number;
  page_size: number;
}

/** GET /api/nine/stock/scheduled-maintenance: this location's items under a rule, due first. */
export const getScheduledMaintenance = getWithParams<
  ScheduledMaintenanceParams,
  Page<ScheduledMaintenanceRow>
>('nine/stock/scheduled-maintenance');

export const scheduledMaintenanceQueryOptions = (locationId: number, params: ScheduledMaintenanceParams) =>
  pageQueryOptions(['stock', locationId, 'scheduled-maintenance', params] as const, (signal) =>
    getScheduledMaintenance(params, { signal }),
  );

export function useScheduledMaintenance(locationId: number | null, params: ScheduledMaintenanceParams) {
  return useLocationQuery(locationId, (locationId) => scheduledMaintenanceQueryOptions(locationId, params));
}
