import type { LeaderDetail, LeaderHoursUpdate } from '@nine/shared/schemas/tours/leaders';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/tours/leaders/:id/hours: the whole week, against the leader's version. */
export function saveLeaderHours(id: number, body: LeaderHoursUpdate): Promise<LeaderDetail> {
  return quietApi.put<LeaderDetail>(`nine/tours/leaders/${id}/hours`, { json: body });
}

export function useSaveLeaderHours() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: LeaderHoursUpdate }) => saveLeaderHours(id, body),
    [['tours', 'leaders']],
  );
}
