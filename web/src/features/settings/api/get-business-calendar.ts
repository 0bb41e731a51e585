import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessCalendar } from '@nine/shared/schemas/business-calendar';
import { getWithParams } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { BusinessCalendar, SpecialDay } from '@nine/shared/schemas/business-calendar';

export interface BusinessCalendarParams {
  location_id: number;
  /** The special days listed, from and to (both included), "YYYY-MM-DD". */
  from: string;
  to: string;
}

/** GET /api/nine/business-calendar: a location's opening hours per weekday and its special days. */
export const getBusinessCalendar = getWithParams<BusinessCalendarParams, BusinessCalendar>(
  'nine/business-calendar',
);

export const businessCalendarKey = ['business-calendar'] as const;

export function useBusinessCalendar(params: BusinessCalendarParams) {
  return useQuery(
    queryOptions({
      queryKey: [...businessCalendarKey, params] as const,
      meta: settingsMeta,
      queryFn: ({ signal }) => getBusinessCalendar(params, { signal }),
    }),
  );
}
