import type { CloseRepairBody } from './close-repair-log.ts';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** POST /api/nine/stock/items/:id/serviced: "mark available after repair" (closes an open log too). */
export function markServiced(itemId: number, body: CloseRepairBody): Promise<{ item_id: number }> {
  return api.post<{ item_id: number }>(`nine/stock/items/${itemId}/serviced`, { json: body });
}

export function useMarkServiced() {
  return useInvalidatingMutation(
    ({ itemId, body }: { itemId: number; body: CloseRepairBody }) => markServiced(itemId, body),
    [['stock']],
  );
}
