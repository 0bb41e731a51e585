import type { LeaderCreate, LeaderDetail } from '@nine/shared/schemas/tours/leaders';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/leaders: 422 leaderNotStaff, 409 leaderExists. */
export function createLeader(body: LeaderCreate): Promise<LeaderDetail> {
  return quietApi.post<LeaderDetail>('nine/tours/leaders', { json: body });
}

export function useCreateLeader() {
  return useInvalidatingMutation(createLeader, [['tours', 'leaders']]);
}
