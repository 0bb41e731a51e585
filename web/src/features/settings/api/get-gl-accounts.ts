import type { GlAccounts } from '@nine/shared/schemas/gl-accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export const glAccountsQueryKey = ['gl-accounts'] as const;

/** GET /api/nine/gl-accounts: the payment, system, tax and category accounts. */
export function getGlAccounts({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<GlAccounts>('nine/gl-accounts', { signal });
}

export const glAccountsQueryOptions = () =>
  queryOptions({
    queryKey: glAccountsQueryKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getGlAccounts({ signal }),
  });

export function useGlAccounts() {
  return useQuery(glAccountsQueryOptions());
}
