import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/nine/inventory/items/:id: only an item that was never booked (else 1306). */
export function deleteItem(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/inventory/items/${id}`);
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
