import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TourEventCalendar,
  TourEventCalendarQuery,
  TourEventCalendarRow,
} from '@nine/shared/schemas/tours/events';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { TourEventCalendar, TourEventCalendarQuery, TourEventCalendarRow };

/** GET /api/nine/tours/events/calendar: every event of the request's location in a window of up to 62 days. */
export const getEventsCalendar = getWithParams<TourEventCalendarQuery, TourEventCalendar>(
  'nine/tours/events/calendar',
);

/** Under ['tours', 'events'] with the list and the detail, so one event write refreshes them all. */
export const eventsCalendarKey = (locationId: number) => ['tours', 'events', 'calendar', locationId] as const;

export const eventsCalendarQueryOptions = (locationId: number, params: TourEventCalendarQuery) =>
  queryOptions({
    queryKey: [...eventsCalendarKey(locationId), params] as const,
    queryFn: ({ signal }) => getEventsCalendar(params, { signal }),
    // Moving from month to month keeps the last one on screen until the next arrives.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

/** The visible range's events; idle until the session has a location and the calendar reported its range. */
export function useEventsCalendar(locationId: number | null, params: TourEventCalendarQuery | null) {
  return useLocationQuery(
    locationId,
    (id) => eventsCalendarQueryOptions(id, params ?? { from: '', to: '' }),
    params !== null,
  );
}
