import type { TourShareLinkState } from '@nine/shared/schemas/tours/reservations';
import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export type { TourShareLinkState };

/** DELETE /api/nine/tours/reservations/:id/share-link (tour:change): the link stops working at once. */
export function revokeShareLink(id: number) {
  return api.delete<TourShareLinkState>(`nine/tours/reservations/${id}/share-link`);
}

// Settles once the reservation is read again, so the section never shows the old link beside the new one.
export function useRevokeShareLink() {
  return useInvalidatingMutation(revokeShareLink, [['tours', 'reservations']], { awaitRefetch: true });
}
