import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourTermVersions } from '@nine/shared/schemas/tours/settings';
import { api } from '../../../../lib/api-client.ts';
import { settingsMeta } from '../../../../lib/settings-queries.ts';
import { tourTermsKey } from './get-tour-terms.ts';

export type { TourTermVersionRow, TourTermVersions } from '@nine/shared/schemas/tours/settings';

/** GET /api/nine/tours/terms/:id/versions: a document and its versions, newest first. */
export function getTourTermVersions(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<TourTermVersions>(`nine/tours/terms/${id}/versions`, { signal });
}

export const tourTermVersionsQuery = (id: number) =>
  queryOptions({
    queryKey: [...tourTermsKey, id, 'versions'] as const,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTourTermVersions(id, { signal }),
  });

export function useTourTermVersions(id: number | null) {
  return useQuery({ ...tourTermVersionsQuery(id ?? 0), enabled: id !== null });
}
