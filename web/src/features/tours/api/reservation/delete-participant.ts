import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/tours/participants/:id (tour:change): refused with 1792 once the participant signed; quiet, the section shows it. */
export function deleteParticipant(id: number) {
  return quietApi.delete<{ deleted: boolean }>(`nine/tours/participants/${id}`);
}

export function useDeleteParticipant() {
  return useInvalidatingMutation(deleteParticipant, [
    ['tours', 'reservations'],
    // The departure's manifest lists participants and waivers.
    ['tours', 'manifest'],
  ]);
}
