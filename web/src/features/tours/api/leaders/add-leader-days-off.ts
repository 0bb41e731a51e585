import type { LeaderDaysOff, LeaderDaysOffCreate } from '@nine/shared/schemas/tours/leaders';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/**
 * POST /api/nine/tours/leaders/:id/days-off: 409 leaderDaysOffOverlap; days over assigned departures answer
 * 1205 listing them (DaysOffWarning) until sent again with `acknowledge`.
 */
export function addLeaderDaysOff(leaderId: number, body: LeaderDaysOffCreate): Promise<LeaderDaysOff> {
  return quietApi.post<LeaderDaysOff>(`nine/tours/leaders/${leaderId}/days-off`, { json: body });
}

export function useAddLeaderDaysOff() {
  return useInvalidatingMutation(
    ({ leaderId, body }: { leaderId: number; body: LeaderDaysOffCreate }) => addLeaderDaysOff(leaderId, body),
    [['tours', 'leaders']],
  );
}
