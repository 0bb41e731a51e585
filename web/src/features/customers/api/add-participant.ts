import type { ParticipantRow, participantInput } from '@nine/shared/schemas/customers';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import type { SchemaInput } from '../schema-input.ts';
import { customerQueryKey } from './get-customer.ts';

export type ParticipantBody = SchemaInput<typeof participantInput>;

/** POST /api/nine/customers/:id/participants */
export function addParticipant(id: number, body: ParticipantBody): Promise<ParticipantRow> {
  return api.post<ParticipantRow>(`nine/customers/${id}/participants`, { json: body });
}

export function useAddParticipant(id: number) {
  return useInvalidatingMutation(
    (body: ParticipantBody) => addParticipant(id, body),
    [customerQueryKey(id)],
    { exact: true },
  );
}
