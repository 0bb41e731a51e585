import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TourTermsList } from '@nine/shared/schemas/tours/settings';
import { api } from '../../../../lib/api-client.ts';
import { settingsMeta } from '../../../../lib/settings-queries.ts';

export type { TourTerms, TourTermsList } from '@nine/shared/schemas/tours/settings';

export const tourTermsKey = ['tours', 'terms'] as const;

/** GET /api/nine/tours/terms: terms and waiver documents with their latest published version and draft. */
export function getTourTerms({ signal }: { signal?: AbortSignal } = {}): Promise<TourTermsList> {
  return api.get<TourTermsList>('nine/tours/terms', { signal });
}

export const tourTermsQuery = () =>
  queryOptions({
    queryKey: tourTermsKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTourTerms({ signal }),
  });

export function useTourTerms() {
  return useQuery(tourTermsQuery());
}
