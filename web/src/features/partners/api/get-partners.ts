import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerPage } from '@nine/shared/schemas/contracts';
import type { PartnerListQuery } from '@nine/shared/schemas/partners';
import { api } from '../../../lib/api-client.ts';

export type { PartnerPage };

/** GET /api/nine/partners: paged, sorted and searched on the server. */
export function getPartners(params: Partial<PartnerListQuery>, { signal }: { signal?: AbortSignal } = {}) {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  return api.get<PartnerPage>('nine/partners', { searchParams, signal });
}

export const partnersQueryOptions = (params: Partial<PartnerListQuery>) =>
  queryOptions({
    queryKey: ['partners', 'list', params] as const,
    queryFn: ({ signal }) => getPartners(params, { signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export function usePartners(params: Partial<PartnerListQuery>) {
  return useQuery(partnersQueryOptions(params));
}
