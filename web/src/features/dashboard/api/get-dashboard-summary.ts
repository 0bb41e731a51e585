import type { DashboardSummary } from '@nine/shared/schemas/dashboard';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { DashboardSummary } from '@nine/shared/schemas/dashboard';

export function getDashboardSummary({ signal }: { signal?: AbortSignal } = {}): Promise<DashboardSummary> {
  // The location travels in the location-id header the client adds.
  return api.get<DashboardSummary>('nine/dashboard/summary', { signal });
}

export const dashboardSummaryQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['dashboard-summary', locationId],
    queryFn: ({ signal }) => getDashboardSummary({ signal }),
    staleTime: 30_000,
  });

export function useDashboardSummary(locationId: number | null) {
  return useLocationQuery(locationId, dashboardSummaryQueryOptions);
}
