import type { TaxList } from '@nine/shared/schemas/business-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { TaxList, TaxRow } from '@nine/shared/schemas/business-settings';

export const taxesQueryKey = ['taxes'] as const;

/** GET /api/nine/taxes: every tax of the business, active or not. */
export function getTaxes({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<TaxList>('nine/taxes', { signal });
}

export const taxesQueryOptions = () =>
  queryOptions({
    queryKey: taxesQueryKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTaxes({ signal }),
  });

export function useTaxes() {
  return useQuery(taxesQueryOptions());
}
