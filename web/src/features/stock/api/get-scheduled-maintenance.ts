import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduledMaintenanceRow } from '@nine/shared/schemas/stock';
import type { Page } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';

export type { ScheduledMaintenanceRow };

export interface ScheduledMaintenanceParams {
  due: 'all' | 'due';
  search: string;
  page: number;
  page_size: number;
}

/** GET /api/nine/stock/scheduled-maintenance: this location's items under a rule, due first. */
export function getScheduledMaintenance(
  params: ScheduledMaintenanceParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<ScheduledMaintenanceRow>> {
  const { search, ...rest } = params;
  return api.get<Page<ScheduledMaintenanceRow>>('nine/stock/scheduled-maintenance', {
    searchParams: search === '' ? rest : { ...rest, search },
    signal,
  });
}

export const scheduledMaintenanceQueryOptions = (locationId: number, params: ScheduledMaintenanceParams) =>
  queryOptions({
    queryKey: ['stock', locationId, 'scheduled-maintenance', params] as const,
    queryFn: ({ signal }) => getScheduledMaintenance(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useScheduledMaintenance(locationId: number | null, params: ScheduledMaintenanceParams) {
  return useQuery({
    ...scheduledMaintenanceQueryOptions(locationId ?? 0, params),
    enabled: locationId !== null,
  });
}
