import type { TourParticipant, TourParticipantInput } from '@nine/shared/schemas/tours/participants';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export type { TourParticipantInput };

/**
 * POST /api/nine/tours/orders/:id/participants (tour:change). Quiet: the dialog shows refusals (more
 * participants than seats 1790, an age group not booked 1794) and puts field issues on their fields.
 */
export function addParticipant({ orderId, body }: { orderId: number; body: TourParticipantInput }) {
  return quietApi.post<TourParticipant>(`nine/tours/orders/${orderId}/participants`, { json: body });
}

/** The reservation's counters ("3 of 4 signed") and the lists' columns follow. */
export function useAddParticipant() {
  return useInvalidatingMutation(addParticipant, [
    ['tours', 'reservations'],
    // The departure's manifest lists participants and waivers.
    ['tours', 'manifest'],
  ]);
}
