import type { PublicLanding } from '@nine/shared/schemas/tours/public';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';

export type { PublicLanding, LandingDeparture } from '@nine/shared/schemas/tours/public';

/** GET /api/nine/public/landing: the business's public face and its next bookable departures. */
export function getPublicLanding({ signal }: { signal?: AbortSignal } = {}): Promise<PublicLanding> {
  return quietApi.get<PublicLanding>('nine/public/landing', { signal });
}

export const publicLandingQueryOptions = () =>
  queryOptions({
    queryKey: ['public-landing'],
    queryFn: ({ signal }) => getPublicLanding({ signal }),
    // Seats left change as people book; a minute old is fresh enough for a shop window.
    staleTime: 60_000,
  });

/** Shared by the landing layout (header, footer) and the landing page (departures): one request. */
export function usePublicLanding() {
  return useQuery(publicLandingQueryOptions());
}
