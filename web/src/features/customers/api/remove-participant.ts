import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerQueryKey } from './get-customer.ts';

/** DELETE /api/nine/customers/:id/participants/:participantId */
export function removeParticipant(id: number, participantId: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/customers/${id}/participants/${participantId}`);
}

export function useRemoveParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: number) => removeParticipant(id, participantId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerQueryKey(id), exact: true }),
  });
}
