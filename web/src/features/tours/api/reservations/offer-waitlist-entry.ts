import type { TourWaitlistOffer, TourWaitlistRow } from '@nine/shared/schemas/tours/reservation-changes';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/waitlist/:id/offer: offers the free seats to a waiting entry for some hours. */
export function offerWaitlistEntry({ id, body }: { id: number; body: TourWaitlistOffer }) {
  return quietApi.post<TourWaitlistRow>(`nine/tours/waitlist/${id}/offer`, { json: body });
}

export function useOfferWaitlistEntry() {
  return useInvalidatingMutation(offerWaitlistEntry, [['tours', 'reservations', 'waitlist']]);
}
