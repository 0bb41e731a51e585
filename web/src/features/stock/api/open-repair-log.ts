import type { RepairLog, repairLogCreate } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';

export type OpenRepairBody = SchemaInput<typeof repairLogCreate>;

/** POST /api/nine/stock/repair-logs: the item goes to maintenance until the log is closed. */
export function openRepairLog(body: OpenRepairBody): Promise<RepairLog> {
  return api.post<RepairLog>('nine/stock/repair-logs', { json: body });
}

export function useOpenRepairLog() {
  return useInvalidatingMutation(openRepairLog, [['stock']]);
}
