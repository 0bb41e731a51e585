import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/coupons/:id */
export function deleteCoupon(id: number) {
  return api.delete<{ id: number }>(`nine/coupons/${id}`);
}

export function useDeleteCoupon() {
  return useInvalidatingMutation(deleteCoupon, [['partners']]);
}
