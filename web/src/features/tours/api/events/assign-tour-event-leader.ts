import type { TourEventDetail, TourEventLeaderAssign } from '@nine/shared/schemas/tours/events';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/**
 * POST /api/nine/tours/events/:id/leaders: refused when the leader is on another event then (409
 * leaderOverlap) or not working (422 leaderUnavailable); an expired skill asks to acknowledge (1205).
 */
export function assignTourEventLeader(id: number, body: TourEventLeaderAssign): Promise<TourEventDetail> {
  return quietApi.post<TourEventDetail>(`nine/tours/events/${id}/leaders`, { json: body });
}

export function useAssignTourEventLeader() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: TourEventLeaderAssign }) => assignTourEventLeader(id, body),
    [
      ['tours', 'events'],
      ['tours', 'leaders'],
    ],
  );
}
