import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { customerQueryKey } from './get-customer.ts';

/** DELETE /api/nine/customers/:id/participants/:participantId */
export function removeParticipant(id: number, participantId: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/customers/${id}/participants/${participantId}`);
}

export function useRemoveParticipant(id: number) {
  return useInvalidatingMutation(
    (participantId: number) => removeParticipant(id, participantId),
    [customerQueryKey(id)],
    { exact: true },
  );
}
