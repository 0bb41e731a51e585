import type { RepairLog, repairLogClose } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';

export type CloseRepairBody = SchemaInput<typeof repairLogClose>;

/** POST /api/nine/stock/repair-logs/:id/close: the item is serviced and available again. */
export function closeRepairLog(id: number, body: CloseRepairBody): Promise<RepairLog> {
  return api.post<RepairLog>(`nine/stock/repair-logs/${id}/close`, { json: body });
}

export function useCloseRepairLog() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: CloseRepairBody }) => closeRepairLog(id, body),
    [['stock']],
  );
}
