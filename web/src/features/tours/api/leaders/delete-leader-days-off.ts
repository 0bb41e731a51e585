import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';

/** DELETE /api/nine/tours/leaders/:id/days-off/:dayId */
export function deleteLeaderDaysOff(leaderId: number, dayId: number) {
  return quietApi.delete<{ id: number }>(`nine/tours/leaders/${leaderId}/days-off/${dayId}`);
}

export function useDeleteLeaderDaysOff() {
  return useInvalidatingMutation(
    ({ leaderId, dayId }: { leaderId: number; dayId: number }) => deleteLeaderDaysOff(leaderId, dayId),
    [['tours', 'leaders']],
  );
}
