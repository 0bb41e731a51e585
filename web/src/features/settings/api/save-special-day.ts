import type { SpecialDay, specialDayForm } from '@nine/shared/schemas/business-calendar';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { businessCalendarKey } from './get-business-calendar.ts';

/** The special-day dialog's values, as the shared schema reads them. */
export type SpecialDayValues = NonNullable<(typeof specialDayForm)['~standard']['types']>['input'];

/** POST /api/nine/special-days, or PUT /api/nine/special-days/:id with the version read. */
export function saveSpecialDay(
  target: { locationId: number } | { id: number; version: number },
  body: SpecialDayValues,
): Promise<SpecialDay> {
  return 'id' in target
    ? quietApi.put<SpecialDay>(`nine/special-days/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<SpecialDay>('nine/special-days', { json: { ...body, location_id: target.locationId } });
}

export function useSaveSpecialDay() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveSpecialDay>[0]; body: SpecialDayValues }) =>
      saveSpecialDay(vars.target, vars.body),
    [businessCalendarKey, ['stock']],
  );
}
