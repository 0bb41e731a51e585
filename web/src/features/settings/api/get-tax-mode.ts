import type { TaxModeView } from '@nine/shared/schemas/business-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { TaxModeView } from '@nine/shared/schemas/business-settings';

export const taxModeQueryKey = ['tax-mode'] as const;

/** GET /api/nine/tax-mode: whether prices include the taxes and how they show, for every location. */
export function getTaxMode({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<TaxModeView>('nine/tax-mode', { signal });
}

export const taxModeQueryOptions = () =>
  queryOptions({
    queryKey: taxModeQueryKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTaxMode({ signal }),
  });

export function useTaxMode() {
  return useQuery(taxModeQueryOptions());
}
