import type { InventoryItem, ItemTransfer } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** POST /api/nine/inventory/items/:id/transfer: moves the item's current location (audited). */
export function transferItem(id: number, body: ItemTransfer): Promise<InventoryItem> {
  return quietApi.post<InventoryItem>(`nine/inventory/items/${id}/transfer`, { json: body });
}

export function useTransferItem() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: ItemTransfer }) => transferItem(id, body),
    [['inventory']],
  );
}
