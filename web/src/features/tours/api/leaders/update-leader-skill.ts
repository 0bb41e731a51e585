import type { LeaderSkill, LeaderSkillUpdate } from '@nine/shared/schemas/tours/leaders';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** PATCH /api/nine/tours/leaders/:id/skills/:skillId with the skill's version. */
export function updateLeaderSkill(
  leaderId: number,
  skillId: number,
  body: LeaderSkillUpdate,
): Promise<LeaderSkill> {
  return quietApi.patch<LeaderSkill>(`nine/tours/leaders/${leaderId}/skills/${skillId}`, { json: body });
}

export function useUpdateLeaderSkill() {
  return useInvalidatingMutation(
    ({ leaderId, skillId, body }: { leaderId: number; skillId: number; body: LeaderSkillUpdate }) =>
      updateLeaderSkill(leaderId, skillId, body),
    [['tours', 'leaders']],
  );
}
