import type { TourManifestRow } from '@nine/shared/schemas/tours/reservations';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/**
 * POST /api/nine/tours/participants/:id/check-in: check a participant in, or undo it. Quiet: the manifest
 * shows the catalogue's message (check-in closed, already checked in) itself.
 */
export function checkInParticipant({
  participantId,
  undo,
}: {
  participantId: number;
  undo: boolean;
}): Promise<TourManifestRow> {
  return quietApi.post<TourManifestRow>(`nine/tours/participants/${participantId}/check-in`, {
    json: { undo },
  });
}

export function useCheckInParticipant() {
  return useInvalidatingMutation(checkInParticipant, [['tours', 'reservations']]);
}
