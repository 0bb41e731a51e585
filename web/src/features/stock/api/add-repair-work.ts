import type { RepairLog, repairWorkCreate } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';

export type RepairWorkBody = SchemaInput<typeof repairWorkCreate>;

/** POST /api/nine/stock/repair-logs/:id/work: work done and its cost in minor units. */
export function addRepairWork(id: number, body: RepairWorkBody): Promise<RepairLog> {
  return api.post<RepairLog>(`nine/stock/repair-logs/${id}/work`, { json: body });
}

export function useAddRepairWork() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: RepairWorkBody }) => addRepairWork(id, body),
    [['stock']],
  );
}
