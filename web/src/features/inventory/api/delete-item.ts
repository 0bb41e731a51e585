import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/inventory/items/:id: only an item that was never booked (else 1306). */
export function deleteItem(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/inventory/items/${id}`);
}

export function useDeleteItem() {
  return useInvalidatingMutation(deleteItem, [['inventory']]);
}
