import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ParticipantRow, participantInput } from '@nine/shared/schemas/customers';
import { api } from '../../../lib/api-client.ts';
import type { SchemaInput } from '../schema-input.ts';
import { customerQueryKey } from './get-customer.ts';

export type ParticipantBody = SchemaInput<typeof participantInput>;

/** POST /api/nine/customers/:id/participants */
export function addParticipant(id: number, body: ParticipantBody): Promise<ParticipantRow> {
  return api.post<ParticipantRow>(`nine/customers/${id}/participants`, { json: body });
}

export function useAddParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ParticipantBody) => addParticipant(id, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerQueryKey(id), exact: true }),
  });
}
