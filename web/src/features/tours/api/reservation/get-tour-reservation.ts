import { queryOptions } from '@tanstack/react-query';
import type { TourReservationDetail } from '@nine/shared/schemas/tours/reservations';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { TourReservationDetail };

/** Every reservation query (list, detail) sits under ['tours', 'reservations']: one write refreshes them all. */
export const tourReservationQueryKey = (locationId: number, id: number) =>
  ['tours', 'reservations', 'detail', locationId, id] as const;

/** GET /api/nine/tours/reservations/:id: the order view with its tour block (event, seats, participants, link). */
export function getTourReservation(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TourReservationDetail> {
  return api.get<TourReservationDetail>(`nine/tours/reservations/${id}`, { signal });
}

export const tourReservationQueryOptions = (locationId: number, id: number) =>
  queryOptions({
    queryKey: tourReservationQueryKey(locationId, id),
    queryFn: ({ signal }) => getTourReservation(id, { signal }),
    staleTime: 10_000,
  });

export function useTourReservation(locationId: number | null, id: number) {
  return useLocationQuery(locationId, (location) => tourReservationQueryOptions(location, id));
}
