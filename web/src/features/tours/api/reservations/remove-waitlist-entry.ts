import type { TourWaitlistRow } from '@nine/shared/schemas/tours/reservation-changes';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/tours/waitlist/:id: takes the entry off the list (kept, with status removed). */
export function removeWaitlistEntry(id: number) {
  return quietApi.delete<TourWaitlistRow>(`nine/tours/waitlist/${id}`);
}

export function useRemoveWaitlistEntry() {
  return useInvalidatingMutation(removeWaitlistEntry, [['tours', 'reservations', 'waitlist']]);
}
