import type { TourEventDetail, TourEventStatusChange } from '@nine/shared/schemas/tours/events';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/events/:id/status: a move of the shared status rules, with a reason. */
export function changeTourEventStatus(id: number, body: TourEventStatusChange): Promise<TourEventDetail> {
  return quietApi.post<TourEventDetail>(`nine/tours/events/${id}/status`, { json: body });
}

export function useChangeTourEventStatus() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: TourEventStatusChange }) => changeTourEventStatus(id, body),
    // Cancelling frees the leaders, whose own screens list their events.
    [
      ['tours', 'events'],
      ['tours', 'leaders'],
    ],
  );
}
