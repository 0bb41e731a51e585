import { queryOptions } from '@tanstack/react-query';
import type { TourEventDetail } from '@nine/shared/schemas/tours/events';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { TourEventDetail };

/** GET /api/nine/tours/events/:id: the event with its leaders and the equipment short for it. */
export function getTourEvent(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TourEventDetail> {
  return api.get<TourEventDetail>(`nine/tours/events/${id}`, { signal });
}

export const tourEventQueryKey = (locationId: number, id: number) =>
  ['tours', 'events', 'detail', locationId, id] as const;

export const tourEventQueryOptions = (locationId: number, id: number) =>
  queryOptions({
    queryKey: tourEventQueryKey(locationId, id),
    queryFn: ({ signal }) => getTourEvent(id, { signal }),
    staleTime: 10_000,
  });

export function useTourEvent(locationId: number | null, id: number | null) {
  return useLocationQuery(locationId, (location) => tourEventQueryOptions(location, id ?? 0), id !== null);
}
