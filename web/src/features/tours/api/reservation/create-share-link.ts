import type { TourShareLink } from '@nine/shared/schemas/tours/reservations';
import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export type { TourShareLink };

/**
 * POST /api/nine/tours/reservations/:id/share-link (tour:change): a new link for the participants; any
 * earlier one stops working (so this is also "rotate").
 */
export function createShareLink(id: number) {
  return api.post<TourShareLink>(`nine/tours/reservations/${id}/share-link`);
}

// Settles once the reservation is read again, so the section never shows the old link beside the new one.
export function useCreateShareLink() {
  return useInvalidatingMutation(createShareLink, [['tours', 'reservations']], { awaitRefetch: true });
}
