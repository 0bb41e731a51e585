import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RecurringOrderPage } from '@nine/shared/schemas/contracts';
import type { RecurringOrderListQuery } from '@nine/shared/schemas/recurring';
import { api } from '../../../lib/api-client.ts';

/** One page of GET /api/nine/recurring-orders (active plans of the session's location). */
export type { RecurringOrderPage } from '@nine/shared/schemas/contracts';

export type RecurringOrderParams = RecurringOrderListQuery;

export function getRecurringOrders(
  params: RecurringOrderParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RecurringOrderPage> {
  return api.get<RecurringOrderPage>('nine/recurring-orders', { searchParams: { ...params }, signal });
}

export const recurringOrdersQueryKey = (locationId: number) => ['recurring-orders', locationId] as const;

export const recurringOrdersQueryOptions = (locationId: number, params: RecurringOrderParams) =>
  queryOptions({
    queryKey: [...recurringOrdersQueryKey(locationId), params] as const,
    queryFn: ({ signal }) => getRecurringOrders(params, { signal }),
    staleTime: 15_000,
    // Paging and sorting keep the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useRecurringOrders(locationId: number | null, params: RecurringOrderParams) {
  return useQuery({ ...recurringOrdersQueryOptions(locationId ?? 0, params), enabled: locationId !== null });
}
