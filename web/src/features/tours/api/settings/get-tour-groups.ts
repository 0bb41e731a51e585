import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourGroupList } from '@nine/shared/schemas/tours/settings';
import { api } from '../../../../lib/api-client.ts';
import { settingsMeta } from '../../../../lib/settings-queries.ts';

export type { TourGroup, TourGroupList } from '@nine/shared/schemas/tours/settings';

export const tourGroupsKey = ['tours', 'groups'] as const;

/** GET /api/nine/tours/groups: the tour groups (business-wide). */
export function getTourGroups({ signal }: { signal?: AbortSignal } = {}): Promise<TourGroupList> {
  return api.get<TourGroupList>('nine/tours/groups', { signal });
}

export const tourGroupsQuery = () =>
  queryOptions({
    queryKey: tourGroupsKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTourGroups({ signal }),
  });

export function useTourGroups() {
  return useQuery(tourGroupsQuery());
}
