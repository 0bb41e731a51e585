import type { TourEventReschedule, TourEventRescheduled } from '@nine/shared/schemas/tours/events';
import { api } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

export type { TourEventReschedule, TourEventRescheduled };

/**
 * POST /api/nine/tours/events/:id/reschedule (tour:change): a new start, the duration kept. A refusal
 * (leader overlap 409, outside the leader's hours 422, in the past 422, a stale version 409) is shown by
 * the client's default handling, with the catalogue message.
 */
export function rescheduleEvent({ id, ...body }: TourEventReschedule & { id: number }) {
  return api.post<TourEventRescheduled>(`nine/tours/events/${id}/reschedule`, { json: body });
}

/** Refreshes the calendar, the list, the event's detail and the leaders' event lists once the move is saved. */
export function useRescheduleEvent() {
  return useInvalidatingMutation(rescheduleEvent, [
    ['tours', 'events'],
    ['tours', 'leaders'],
  ]);
}
