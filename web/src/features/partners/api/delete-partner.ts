import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/nine/partners/:id, with its coupons and rates. */
export function deletePartner(id: number) {
  return api.delete<{ id: number }>(`nine/partners/${id}`);
}

export function useDeletePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePartner,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['partners'] }),
  });
}
