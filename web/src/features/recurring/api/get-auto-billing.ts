import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AutoBillingPlan } from '@nine/shared/schemas/recurring';
import { api } from '../../../lib/api-client.ts';

/** GET /api/nine/rent-orders/:id/auto-billing: the order's plan, or null when billing never started. */
export function getAutoBilling(orderId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<AutoBillingPlan | null>(`nine/rent-orders/${orderId}/auto-billing`, { signal });
}

export const autoBillingQueryKey = (locationId: number, orderId: number) =>
  ['auto-billing', locationId, orderId] as const;

export const autoBillingQueryOptions = (locationId: number, orderId: number) =>
  queryOptions({
    queryKey: autoBillingQueryKey(locationId, orderId),
    queryFn: ({ signal }) => getAutoBilling(orderId, { signal }),
    staleTime: 30_000,
  });

export function useAutoBilling(locationId: number, orderId: number) {
  return useQuery(autoBillingQueryOptions(locationId, orderId));
}
