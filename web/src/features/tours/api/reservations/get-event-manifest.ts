import { queryOptions } from '@tanstack/react-query';
import type { TourManifest } from '@nine/shared/schemas/tours/reservations';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { TourManifest };

/**
 * Every manifest sits under ['tours', 'reservations']: any reservation write (a booking, a move, a
 * cancellation, a participant, a check-in) refreshes it.
 */
export const eventManifestKey = (locationId: number, eventId: number) =>
  ['tours', 'reservations', 'manifest', locationId, eventId] as const;

/** GET /api/nine/tours/events/:id/manifest: everyone on the event's live reservations. */
export function getEventManifest(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TourManifest> {
  return api.get<TourManifest>(`nine/tours/events/${id}/manifest`, { signal });
}

export const eventManifestQueryOptions = (locationId: number, eventId: number) =>
  queryOptions({
    queryKey: eventManifestKey(locationId, eventId),
    queryFn: ({ signal }) => getEventManifest(eventId, { signal }),
    // At the meeting point several counters check in at once: keep it fresh.
    staleTime: 5_000,
    refetchInterval: 30_000,
  });

export function useEventManifest(locationId: number | null, eventId: number | null) {
  return useLocationQuery(
    locationId,
    (location) => eventManifestQueryOptions(location, eventId ?? 0),
    eventId !== null,
  );
}
