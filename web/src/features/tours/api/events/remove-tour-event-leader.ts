import type { TourEventDetail } from '@nine/shared/schemas/tours/events';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/tours/events/:id/leaders/:leaderId. */
export function removeTourEventLeader(id: number, leaderId: number): Promise<TourEventDetail> {
  return quietApi.delete<TourEventDetail>(`nine/tours/events/${id}/leaders/${leaderId}`);
}

export function useRemoveTourEventLeader() {
  return useInvalidatingMutation(
    ({ id, leaderId }: { id: number; leaderId: number }) => removeTourEventLeader(id, leaderId),
    [
      ['tours', 'events'],
      ['tours', 'leaders'],
    ],
  );
}
