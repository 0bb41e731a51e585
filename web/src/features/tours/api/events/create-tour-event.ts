import type { TourEventCreate, TourEventDetail } from '@nine/shared/schemas/tours/events';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/events: one departure; the answer lists the equipment short for it (a warning). */
export function createTourEvent(body: TourEventCreate): Promise<TourEventDetail> {
  return quietApi.post<TourEventDetail>('nine/tours/events', { json: body });
}

export function useCreateTourEvent() {
  return useInvalidatingMutation(createTourEvent, [['tours', 'events']]);
}
