import type { GlCodeList } from '@nine/shared/schemas/business-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { GlCodeList, GlCodeRow } from '@nine/shared/schemas/business-settings';

export const glCodesQueryKey = ['gl-codes'] as const;

/** GET /api/nine/gl-codes: the chart of general ledger codes. */
export function getGlCodes({ signal }: { signal?: AbortSignal } = {}) {
  return api.get<GlCodeList>('nine/gl-codes', { signal });
}

export const glCodesQueryOptions = () =>
  queryOptions({
    queryKey: glCodesQueryKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => getGlCodes({ signal }),
  });

export function useGlCodes() {
  return useQuery(glCodesQueryOptions());
}
