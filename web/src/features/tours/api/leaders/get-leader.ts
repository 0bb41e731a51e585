import { queryOptions } from '@tanstack/react-query';
import type { LeaderDetail } from '@nine/shared/schemas/tours/leaders';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

/** GET /api/nine/tours/leaders/:id: profile, skills, week, days off, hours per month, next departures. */
export function getLeader(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<LeaderDetail>(`nine/tours/leaders/${id}`, { signal });
}

export const leaderQueryOptions = (locationId: number, id: number) =>
  queryOptions({
    queryKey: ['tours', 'leaders', 'detail', locationId, id] as const,
    queryFn: ({ signal }) => getLeader(id, { signal }),
    staleTime: 15_000,
  });

export function useLeader(locationId: number | null, id: number) {
  return useLocationQuery(locationId, (location) => leaderQueryOptions(location, id));
}
