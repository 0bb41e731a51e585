import { queryOptions } from '@tanstack/react-query';
import type { OrderDetail } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';

export type {
  AllowedEvent,
  OrderCustomer,
  OrderDetail,
  OrderItem,
  TimelineEntry,
} from '@nine/shared/schemas/orders';

export function getOrder(kind: OrderKind, id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}`, { signal });
}

export const orderQueryKey = (kind: OrderKind, locationId: number, id: number) =>
  ['orders', kind, locationId, 'detail', id] as const;

export const orderQueryOptions = (kind: OrderKind, locationId: number, id: number) =>
  queryOptions({
    queryKey: orderQueryKey(kind, locationId, id),
    queryFn: ({ signal }) => getOrder(kind, id, { signal }),
    staleTime: 10_000,
  });

export function useOrder(kind: OrderKind, locationId: number | null, id: number) {
  return useLocationQuery(locationId, (locationId) => orderQueryOptions(kind, locationId, id));
}
