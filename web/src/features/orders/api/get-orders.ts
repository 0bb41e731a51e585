import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderListPage } from '@nine/shared/schemas/contracts';
import type { OrderListQuery } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';

/** One page of GET /api/nine/rent-orders or /sale-orders. */
export type { OrderListPage };

/** The query string as sent: only the filters that are set. */
export type OrderListParams = Partial<OrderListQuery>;

export function getOrders(
  kind: OrderKind,
  params: OrderListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OrderListPage> {
  const searchParams: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    // Options filters travel as comma lists (f_status=pending,confirmed).
    if (value !== undefined && value !== '')
      searchParams[key] = Array.isArray(value) ? value.join(',') : value;
  }
  return api.get<OrderListPage>(ORDER_API_PATH[kind], { searchParams, signal });
}

export const ordersQueryKey = (kind: OrderKind, locationId: number) =>
  ['orders', kind, locationId, 'list'] as const;

export const ordersQueryOptions = (kind: OrderKind, locationId: number, params: OrderListParams) =>
  queryOptions({
    queryKey: [...ordersQueryKey(kind, locationId), params] as const,
    queryFn: ({ signal }) => getOrders(kind, params, { signal }),
    staleTime: 15_000,
    // Paging and sorting keep the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useOrders(kind: OrderKind, locationId: number | null, params: OrderListParams) {
  return useQuery({ ...ordersQueryOptions(kind, locationId ?? 0, params), enabled: locationId !== null });
}
