import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/nine/coupons/:id */
export function deleteCoupon(id: number) {
  return api.delete<{ id: number }>(`nine/coupons/${id}`);
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['partners'] }),
  });
}
