import type { InventoryItem, ItemUpdate } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PATCH /api/nine/inventory/items/:id: SKU, barcode, a manual status or the home location. */
export function updateItem(id: number, body: ItemUpdate): Promise<InventoryItem> {
  return quietApi.patch<InventoryItem>(`nine/inventory/items/${id}`, { json: body });
}

export function useUpdateItem() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: ItemUpdate }) => updateItem(id, body),
    [['inventory']],
  );
}
