import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** DELETE /api/nine/stock/maintenance-rules/:id. */
export function deleteMaintenanceRule(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/stock/maintenance-rules/${id}`);
}

export function useDeleteMaintenanceRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMaintenanceRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['stock'] }),
  });
}
