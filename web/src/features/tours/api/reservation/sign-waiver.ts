import type { TourWaiver, WaiverSignInput } from '@nine/shared/schemas/tours/participants';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export type { TourWaiver, WaiverSignInput };

/**
 * POST /api/nine/tours/participants/:id/waivers (tour:change): the participant (or a guardian) signs the
 * terms in force at the counter. Quiet: the dialog shows a refusal (guardian required 1791, terms not
 * published 1793, an unreadable signature 1795).
 */
export function signWaiver({ participantId, body }: { participantId: number; body: WaiverSignInput }) {
  return quietApi.post<TourWaiver>(`nine/tours/participants/${participantId}/waivers`, { json: body });
}

export function useSignWaiver() {
  return useInvalidatingMutation(signWaiver, [
    ['tours', 'reservations'],
    // The departure's manifest lists participants and waivers.
    ['tours', 'manifest'],
  ]);
}
