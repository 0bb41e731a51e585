import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourTermVersion } from '@nine/shared/schemas/tours/settings';
import { api } from '../../../../lib/api-client.ts';
import { settingsMeta } from '../../../../lib/settings-queries.ts';
import { tourTermsKey } from './get-tour-terms.ts';

export type { TourTermVersion } from '@nine/shared/schemas/tours/settings';

/** GET /api/nine/tours/term-versions/:id: one version with its body and the server-rendered html. */
export function getTourTermVersion(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<TourTermVersion>(`nine/tours/term-versions/${id}`, { signal });
}

export const tourTermVersionQuery = (id: number) =>
  queryOptions({
    queryKey: [...tourTermsKey, 'version', id] as const,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTourTermVersion(id, { signal }),
  });

export function useTourTermVersion(id: number | null) {
  return useQuery({ ...tourTermVersionQuery(id ?? 0), enabled: id !== null });
}
