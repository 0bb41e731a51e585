import type { OrderListPage } from '@nine/shared/schemas/contracts';
import type { OrderListQuery } from '@nine/shared/schemas/orders';
import { api, queryParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
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
  return api.get<OrderListPage>(ORDER_API_PATH[kind], { searchParams: queryParams(params), signal });
}

export const ordersQueryKey = (kind: OrderKind, locationId: number) =>
  ['orders', kind, locationId, 'list'] as const;

export const ordersQueryOptions = (kind: OrderKind, locationId: number, params: OrderListParams) =>
  pageQueryOptions(
    [...ordersQueryKey(kind, locationId), params] as const,
    (signal) => getOrders(kind, params, { signal }),
    15_000,
  );

export function useOrders(kind: OrderKind, locationId: number | null, params: OrderListParams) {
  return useLocationQuery(locationId, (locationId) => ordersQueryOptions(kind, locationId, params));
}
