import type { BusinessCalendar, BusinessHoursUpdate } from '@nine/shared/schemas/business-calendar';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { businessCalendarKey } from './get-business-calendar.ts';

/** PUT /api/nine/business-hours: the whole week; quiet, the section shows its own failures. */
export function updateBusinessHours(body: BusinessHoursUpdate): Promise<BusinessCalendar['hours']> {
  return quietApi.put<BusinessCalendar['hours']>('nine/business-hours', { json: body });
}

// The availability calendar (stock) shows the closed days: it asks again too.
export function useUpdateBusinessHours() {
  return useInvalidatingMutation(updateBusinessHours, [businessCalendarKey, ['stock']], {
    awaitRefetch: true,
  });
}
