import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/stock/maintenance-rules/:id. */
export function deleteMaintenanceRule(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/stock/maintenance-rules/${id}`);
}

export function useDeleteMaintenanceRule() {
  return useInvalidatingMutation(deleteMaintenanceRule, [['stock']]);
}
