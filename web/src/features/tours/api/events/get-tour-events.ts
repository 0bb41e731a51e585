import type { TourEventPage } from '@nine/shared/schemas/tours/event-contracts';
import type { TourEventListQuery } from '@nine/shared/schemas/tours/events';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';
import { pageQueryOptions } from '../../../../lib/page-query.ts';

export type { TourEventPage };
/** The query string as sent: only the filters that are set. */
export type TourEventListParams = Partial<TourEventListQuery>;

/** Every tour event query (list, detail, calendar) sits under ['tours', 'events']: one write refreshes them all. */
export const tourEventListKey = (locationId: number) => ['tours', 'events', 'list', locationId] as const;

/** GET /api/nine/tours/events: one page of the location's events, filtered and sorted on the server. */
export const getTourEvents = getWithParams<TourEventListParams, TourEventPage>('nine/tours/events');

export const tourEventsQueryOptions = (locationId: number, params: TourEventListParams) =>
  pageQueryOptions(
    [...tourEventListKey(locationId), params] as const,
    (signal) => getTourEvents(params, { signal }),
    15_000,
  );

export function useTourEvents(locationId: number | null, params: TourEventListParams) {
  return useLocationQuery(locationId, (id) => tourEventsQueryOptions(id, params));
}
