import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/partners/:id, with its coupons and rates. */
export function deletePartner(id: number) {
  return api.delete<{ id: number }>(`nine/partners/${id}`);
}

export function useDeletePartner() {
  return useInvalidatingMutation(deletePartner, [['partners']]);
}
