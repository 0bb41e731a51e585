import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryItem, ItemUpdate } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';

/** PATCH /api/nine/inventory/items/:id: SKU, barcode, a manual status or the home location. */
export function updateItem(id: number, body: ItemUpdate): Promise<InventoryItem> {
  return quietApi.patch<InventoryItem>(`nine/inventory/items/${id}`, { json: body });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ItemUpdate }) => updateItem(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
