import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { businessCalendarKey } from './get-business-calendar.ts';

/** DELETE /api/nine/special-days/:id; a failure gets the default handling (a toast). */
export function deleteSpecialDay(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/special-days/${id}`);
}

export function useDeleteSpecialDay() {
  return useInvalidatingMutation(deleteSpecialDay, [businessCalendarKey, ['stock']]);
}
