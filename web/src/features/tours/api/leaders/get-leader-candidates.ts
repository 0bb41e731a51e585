import { queryOptions } from '@tanstack/react-query';
import type { LeaderCandidates } from '@nine/shared/schemas/tours/leader-contracts';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

/** GET /api/nine/tours/leader-candidates: active staff here who are not leaders yet (50 at most). */
const getLeaderCandidates = getWithParams<{ search?: string }, LeaderCandidates>(
  'nine/tours/leader-candidates',
);

export const leaderCandidatesQueryOptions = (locationId: number, search: string) =>
  queryOptions({
    queryKey: ['tours', 'leaders', 'candidates', locationId, search] as const,
    queryFn: ({ signal }) => getLeaderCandidates({ search: search || undefined }, { signal }),
    staleTime: 15_000,
    select: (answer) => answer.rows,
  });

export function useLeaderCandidates(locationId: number | null, search: string, enabled: boolean) {
  return useLocationQuery(locationId, (id) => leaderCandidatesQueryOptions(id, search), enabled);
}
