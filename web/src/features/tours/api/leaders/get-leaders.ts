import type { LeaderListQuery } from '@nine/shared/schemas/tours/leaders';
import type { LeaderPage } from '@nine/shared/schemas/tours/leader-contracts';
import { getWithParams } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';
import { pageQueryOptions } from '../../../../lib/page-query.ts';

export type LeaderListParams = Partial<LeaderListQuery>;

/** GET /api/nine/tours/leaders: the leaders working at the location, searched, filtered and paged. */
export const getLeaders = getWithParams<LeaderListParams, LeaderPage>('nine/tours/leaders');

export const leadersQueryOptions = (locationId: number, params: LeaderListParams) =>
  pageQueryOptions(
    ['tours', 'leaders', 'list', locationId, params] as const,
    (signal) => getLeaders(params, { signal }),
    15_000,
  );

export function useLeaders(locationId: number | null, params: LeaderListParams) {
  return useLocationQuery(locationId, (id) => leadersQueryOptions(id, params));
}
