import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourAgeGroupList } from '@nine/shared/schemas/tours/settings';
import { api } from '../../../../lib/api-client.ts';
import { settingsMeta } from '../../../../lib/settings-queries.ts';

export type { TourAgeGroup, TourAgeGroupList } from '@nine/shared/schemas/tours/settings';

export const tourAgeGroupsKey = ['tours', 'age-groups'] as const;

/** GET /api/nine/tours/age-groups: the age groups (business-wide). */
export function getTourAgeGroups({ signal }: { signal?: AbortSignal } = {}): Promise<TourAgeGroupList> {
  return api.get<TourAgeGroupList>('nine/tours/age-groups', { signal });
}

export const tourAgeGroupsQuery = () =>
  queryOptions({
    queryKey: tourAgeGroupsKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTourAgeGroups({ signal }),
  });

export function useTourAgeGroups() {
  return useQuery(tourAgeGroupsQuery());
}
