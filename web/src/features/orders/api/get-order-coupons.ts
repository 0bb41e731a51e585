import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderCoupons } from '@nine/shared/schemas/coupon-settings';
import { api } from '../../../lib/api-client.ts';
import type { OrderKind } from '../order-kind.ts';
import { orderQueryKey } from './get-order.ts';

export type { AppliedCoupon, OrderCoupons } from '@nine/shared/schemas/coupon-settings';

/** Under the order's own key: whatever refreshes the order refreshes its coupons. */
export const orderCouponsQueryKey = (kind: OrderKind, locationId: number, id: number) =>
  [...orderQueryKey(kind, locationId, id), 'coupons'] as const;

/** GET /api/nine/orders/:id/coupons: the coupons applied and what they took off. */
export function getOrderCoupons(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<OrderCoupons>(`nine/orders/${id}/coupons`, { signal });
}

export function useOrderCoupons(kind: OrderKind, locationId: number, id: number) {
  return useQuery(
    queryOptions({
      queryKey: orderCouponsQueryKey(kind, locationId, id),
      queryFn: ({ signal }) => getOrderCoupons(id, { signal }),
      staleTime: 10_000,
    }),
  );
}
