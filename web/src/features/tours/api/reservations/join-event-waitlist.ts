import type { TourWaitlistCreate, TourWaitlistRow } from '@nine/shared/schemas/tours/reservation-changes';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/events/:id/waitlist: the customer waits for the seats a full event cannot give. */
export function joinEventWaitlist({
  eventId,
  body,
}: {
  eventId: number;
  body: TourWaitlistCreate;
}): Promise<TourWaitlistRow> {
  return quietApi.post<TourWaitlistRow>(`nine/tours/events/${eventId}/waitlist`, { json: body });
}

export function useJoinEventWaitlist() {
  return useInvalidatingMutation(joinEventWaitlist, [['tours', 'reservations', 'waitlist']]);
}
