import { queryOptions } from '@tanstack/react-query';
import type { TourPlaceKind, TourPlaceList } from '@nine/shared/schemas/tours/settings';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';
import { settingsMeta } from '../../../../lib/settings-queries.ts';

export type { TourPlace, TourPlaceList } from '@nine/shared/schemas/tours/settings';

export const tourPlacesKey = ['tours', 'places'] as const;

export interface TourPlaceFilter {
  kind?: TourPlaceKind;
  active?: boolean;
}

/** GET /api/nine/tours/places: the meeting points and sites of the request's location. */
export const getTourPlaces = getWithParams<TourPlaceFilter, TourPlaceList>('nine/tours/places');

export const tourPlacesQuery = (locationId: number, filter: TourPlaceFilter = {}) =>
  queryOptions({
    queryKey: [...tourPlacesKey, locationId, filter] as const,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTourPlaces(filter, { signal }),
  });

export function useTourPlaces(locationId: number | null, filter: TourPlaceFilter = {}) {
  return useLocationQuery(locationId, (id) => tourPlacesQuery(id, filter));
}
