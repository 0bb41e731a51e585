import type { TourParticipant, TourParticipantUpdate } from '@nine/shared/schemas/tours/participants';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export type { TourParticipantUpdate };

/** PATCH /api/nine/tours/participants/:id (tour:change): every field again with the version read; 1792 once signed. */
export function updateParticipant({ id, body }: { id: number; body: TourParticipantUpdate }) {
  return quietApi.patch<TourParticipant>(`nine/tours/participants/${id}`, { json: body });
}

export function useUpdateParticipant() {
  return useInvalidatingMutation(updateParticipant, [
    ['tours', 'reservations'],
    // The departure's manifest lists participants and waivers.
    ['tours', 'manifest'],
  ]);
}
