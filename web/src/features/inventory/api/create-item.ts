import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryItem, ItemInput } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/inventory/products/:id/items: one serialized item. */
export function createItem(productId: number, body: ItemInput): Promise<InventoryItem> {
  return quietApi.post<InventoryItem>(`nine/inventory/products/${productId}/items`, { json: body });
}

export function useCreateItem(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ItemInput) => createItem(productId, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
