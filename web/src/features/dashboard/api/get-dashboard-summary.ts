import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Minor } from '@nine/shared/money';
import { api } from '../../../lib/api-client.ts';

/** Today's figures for one location, as GET /api/nine/dashboard/summary answers them. */
export interface DashboardSummary {
  location: { id: number; name: string };
  /** The location's today, YYYY-MM-DD. */
  date: string;
  departures_today: number;
  returns_due_today: number;
  overdue: number;
  open_sale_orders: number;
  orders_created_today: number;
  revenue_today_minor: Minor;
  currency_symbol: string;
}

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
  return useQuery({ ...dashboardSummaryQueryOptions(locationId ?? 0), enabled: locationId !== null });
}
