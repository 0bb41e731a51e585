import type { TourEventDetail, TourEventUpdate } from '@nine/shared/schemas/tours/events';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** PATCH /api/nine/tours/events/:id: capacity, minimum, meeting point, note, with the version read. */
export function updateTourEvent(id: number, body: TourEventUpdate): Promise<TourEventDetail> {
  return quietApi.patch<TourEventDetail>(`nine/tours/events/${id}`, { json: body });
}

export function useUpdateTourEvent() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: TourEventUpdate }) => updateTourEvent(id, body),
    [['tours', 'events']],
  );
}
