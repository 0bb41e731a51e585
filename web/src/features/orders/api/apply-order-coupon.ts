import type { OrderCouponApply, OrderCoupons } from '@nine/shared/schemas/coupon-settings';
import { idempotent, quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { OrderKind } from '../order-kind.ts';
import { orderQueryKey } from './get-order.ts';

/** POST /api/nine/orders/:id/coupons: a retry with the same key replays the first answer. */
export function applyOrderCoupon(
  id: number,
  body: OrderCouponApply,
  idempotencyKey: string,
): Promise<OrderCoupons> {
  return quietApi.post<OrderCoupons>(`nine/orders/${id}/coupons`, idempotent(body, idempotencyKey));
}

/** The order's total changes: the order (and its coupons under its key) and the list refetch. */
export function useApplyOrderCoupon(kind: OrderKind, locationId: number, id: number) {
  return useInvalidatingMutation(
    ({ body, key }: { body: OrderCouponApply; key: string }) => applyOrderCoupon(id, body, key),
    [orderQueryKey(kind, locationId, id), ['orders', kind, locationId, 'list']],
  );
}
