import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/tours/leaders/:id/skills/:skillId?version=: the version read (409 when stale). */
export function deleteLeaderSkill(leaderId: number, skill: { id: number; version: number }) {
  return quietApi.delete<{ id: number }>(`nine/tours/leaders/${leaderId}/skills/${skill.id}`, {
    searchParams: { version: skill.version },
  });
}

export function useDeleteLeaderSkill() {
  return useInvalidatingMutation(
    ({ leaderId, skill }: { leaderId: number; skill: { id: number; version: number } }) =>
      deleteLeaderSkill(leaderId, skill),
    [['tours', 'leaders']],
  );
}
