import { useQuery } from '@tanstack/react-query';
import type { PartnerPage } from '@nine/shared/schemas/contracts';
import type { PartnerListQuery } from '@nine/shared/schemas/partners';
import { getWithParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

export type { PartnerPage };

/** GET /api/nine/partners: paged, sorted and searched on the server. */
export const getPartners = getWithParams<Partial<PartnerListQuery>, PartnerPage>('nine/partners');

export const partnersQueryOptions = (params: Partial<PartnerListQuery>) =>
  pageQueryOptions(
    ['partners', 'list', params] as const,
    (signal) => getPartners(params, { signal }),
    15_000,
  );

export function usePartners(params: Partial<PartnerListQuery>) {
  return useQuery(partnersQueryOptions(params));
}
