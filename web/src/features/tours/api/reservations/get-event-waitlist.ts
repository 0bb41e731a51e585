import { queryOptions } from '@tanstack/react-query';
import type { TourWaitlist } from '@nine/shared/schemas/tours/reservation-changes';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { TourWaitlist };

/**
 * Every waitlist sits under ['tours', 'reservations']: a cancellation or a move frees seats and the server
 * offers them to the list, so any reservation write refreshes it.
 */
export const eventWaitlistKey = (locationId: number, eventId: number) =>
  ['tours', 'reservations', 'waitlist', locationId, eventId] as const;

/** GET /api/nine/tours/events/:id/waitlist: every entry of the departure (live ones first) and the free seats. */
export function getEventWaitlist(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TourWaitlist> {
  return api.get<TourWaitlist>(`nine/tours/events/${id}/waitlist`, { signal });
}

export const eventWaitlistQueryOptions = (locationId: number, eventId: number) =>
  queryOptions({
    queryKey: eventWaitlistKey(locationId, eventId),
    queryFn: ({ signal }) => getEventWaitlist(eventId, { signal }),
    // Offers expire on the server's clock (lazily on a read): ask again now and then.
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export function useEventWaitlist(locationId: number | null, eventId: number | null) {
  return useLocationQuery(
    locationId,
    (location) => eventWaitlistQueryOptions(location, eventId ?? 0),
    eventId !== null,
  );
}
