import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { businessCalendarKey } from './get-business-calendar.ts';

/** DELETE /api/nine/special-days/:id; a failure gets the default handling (a toast). */
export function deleteSpecialDay({ id, version }: { id: number; version: number }): Promise<{ id: number }> {
  // The version shown: removing a day someone changed meanwhile is refused (409).
  return api.delete<{ id: number }>(`nine/special-days/${id}`, { searchParams: { version } });
}

export function useDeleteSpecialDay() {
  return useInvalidatingMutation(deleteSpecialDay, [businessCalendarKey, ['stock']]);
}
