import type { InventoryItem, ItemInput } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** POST /api/nine/inventory/products/:id/items: one serialized item. */
export function createItem(productId: number, body: ItemInput): Promise<InventoryItem> {
  return quietApi.post<InventoryItem>(`nine/inventory/products/${productId}/items`, { json: body });
}

export function useCreateItem(productId: number) {
  return useInvalidatingMutation((body: ItemInput) => createItem(productId, body), [['inventory']]);
}
