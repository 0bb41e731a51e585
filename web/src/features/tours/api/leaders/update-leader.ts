import type { LeaderDetail, LeaderUpdate } from '@nine/shared/schemas/tours/leaders';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** PATCH /api/nine/tours/leaders/:id: the profile with the version read (409 when stale). */
export function updateLeader(id: number, body: LeaderUpdate): Promise<LeaderDetail> {
  return quietApi.patch<LeaderDetail>(`nine/tours/leaders/${id}`, { json: body });
}

export function useUpdateLeader() {
  return useInvalidatingMutation(
    ({ id, body }: { id: number; body: LeaderUpdate }) => updateLeader(id, body),
    [['tours', 'leaders']],
  );
}
