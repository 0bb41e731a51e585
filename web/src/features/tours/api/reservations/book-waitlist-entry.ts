import type { TourWaitlistBook, TourWaitlistBooked } from '@nine/shared/schemas/tours/reservation-changes';
import { idempotent, quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export interface BookWaitlistEntryInput {
  id: number;
  body: TourWaitlistBook;
  /** One key per attempt, resent on a retry, so the entry is booked once. */
  idempotencyKey: string;
}

/** POST /api/nine/tours/waitlist/:id/book (201): the entry's seats become a reservation. */
export function bookWaitlistEntry({ id, body, idempotencyKey }: BookWaitlistEntryInput) {
  return quietApi.post<TourWaitlistBooked>(
    `nine/tours/waitlist/${id}/book`,
    idempotent(body, idempotencyKey),
  );
}

/** A new reservation takes seats: the lists, the manifest, the waitlist and the event's count change. */
export function useBookWaitlistEntry() {
  return useInvalidatingMutation(bookWaitlistEntry, [
    ['tours', 'reservations'],
    ['tours', 'events'],
    ['orders'],
  ]);
}
