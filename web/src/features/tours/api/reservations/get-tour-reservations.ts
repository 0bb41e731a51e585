import type { TourReservationPage } from '@nine/shared/schemas/tours/reservation-contracts';
import type { TourReservationListQuery } from '@nine/shared/schemas/tours/reservations';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';
import { pageQueryOptions } from '../../../../lib/page-query.ts';

export type { TourReservationPage };
/** The query string as sent: only the filters that are set. */
export type TourReservationListParams = Partial<TourReservationListQuery>;

/** Every reservation query (list, detail) sits under ['tours', 'reservations']: one write refreshes them all. */
export const tourReservationListKey = (locationId: number) =>
  ['tours', 'reservations', 'list', locationId] as const;

/** GET /api/nine/tours/reservations: one page of the location's reservations, filtered and sorted on the server. */
export const getTourReservations = getWithParams<TourReservationListParams, TourReservationPage>(
  'nine/tours/reservations',
);

export const tourReservationsQueryOptions = (locationId: number, params: TourReservationListParams) =>
  pageQueryOptions(
    [...tourReservationListKey(locationId), params] as const,
    (signal) => getTourReservations(params, { signal }),
    15_000,
  );

export function useTourReservations(locationId: number | null, params: TourReservationListParams) {
  return useLocationQuery(locationId, (id) => tourReservationsQueryOptions(id, params));
}
