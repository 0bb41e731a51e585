import { queryOptions } from '@tanstack/react-query';
import type { OrderParticipants, TourParticipant } from '@nine/shared/schemas/tours/participants';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { OrderParticipants, TourParticipant };

/** Under ['tours', 'reservations']: a reservation's writes refresh its participants too, and back. */
export const orderParticipantsQueryKey = (locationId: number, orderId: number) =>
  ['tours', 'reservations', 'participants', locationId, orderId] as const;

/**
 * GET /api/nine/tours/orders/:id/participants: the participants with their latest waiver, the seats by age
 * group, the required fields and questions, and the terms version in force.
 */
export function getOrderParticipants(
  orderId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OrderParticipants> {
  return api.get<OrderParticipants>(`nine/tours/orders/${orderId}/participants`, { signal });
}

export const orderParticipantsQueryOptions = (locationId: number, orderId: number) =>
  queryOptions({
    queryKey: orderParticipantsQueryKey(locationId, orderId),
    queryFn: ({ signal }) => getOrderParticipants(orderId, { signal }),
    staleTime: 10_000,
  });

export function useOrderParticipants(locationId: number | null, orderId: number) {
  return useLocationQuery(locationId, (location) => orderParticipantsQueryOptions(location, orderId));
}
