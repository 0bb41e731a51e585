import type { AvailabilityCalendar } from '@nine/shared/schemas/stock';
import { getWithParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { AvailabilityCalendar };

export interface CalendarParams {
  /** A day of the location: whole-day slots are then the location's calendar days. */
  start_day: string;
  slot_minutes: number;
  slots: number;
  search?: string;
  category_id?: number;
  product_id?: number;
}

/** GET /api/nine/stock/availability-calendar: booked units per product and slot, with what is held. */
export const getAvailabilityCalendar = getWithParams<CalendarParams, AvailabilityCalendar>(
  'nine/stock/availability-calendar',
);

export const calendarQueryKey = (locationId: number) => ['stock', locationId, 'calendar'] as const;

// Settings-marked: the closed days come from the business calendar, so a saved holiday shows at once.
export const availabilityCalendarQueryOptions = (locationId: number, params: CalendarParams) => ({
  ...pageQueryOptions(
    [...calendarQueryKey(locationId), params] as const,
    (signal) => getAvailabilityCalendar(params, { signal }),
    15_000,
  ),
  meta: settingsMeta,
});

export function useAvailabilityCalendar(locationId: number | null, params: CalendarParams) {
  return useLocationQuery(locationId, (locationId) => availabilityCalendarQueryOptions(locationId, params));
}
