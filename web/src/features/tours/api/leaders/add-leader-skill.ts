import type { LeaderSkill, LeaderSkillInput } from '@nine/shared/schemas/tours/leaders';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** POST /api/nine/tours/leaders/:id/skills: 409 leaderSkillTaken for a name the leader has. */
export function addLeaderSkill(leaderId: number, body: LeaderSkillInput): Promise<LeaderSkill> {
  return quietApi.post<LeaderSkill>(`nine/tours/leaders/${leaderId}/skills`, { json: body });
}

export function useAddLeaderSkill() {
  return useInvalidatingMutation(
    ({ leaderId, body }: { leaderId: number; body: LeaderSkillInput }) => addLeaderSkill(leaderId, body),
    [['tours', 'leaders']],
  );
}
