import type { OrderCoupons } from '@nine/shared/schemas/coupon-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { OrderKind } from '../order-kind.ts';
import { orderQueryKey } from './get-order.ts';

/** DELETE /api/nine/orders/:id/coupons/:couponId: takes the coupon's discount back off the lines. */
export function removeOrderCoupon(id: number, couponId: number): Promise<OrderCoupons> {
  return quietApi.delete<OrderCoupons>(`nine/orders/${id}/coupons/${couponId}`);
}

export function useRemoveOrderCoupon(kind: OrderKind, locationId: number, id: number) {
  return useInvalidatingMutation(
    (couponId: number) => removeOrderCoupon(id, couponId),
    [orderQueryKey(kind, locationId, id), ['orders', kind, locationId, 'list']],
  );
}
