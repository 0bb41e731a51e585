import type { BusinessLine, ProductLine } from '@nine/shared/schemas/product-lines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { BusinessLine, ProductLine } from '@nine/shared/schemas/product-lines';

/** GET /api/nine/settings/business-lines/:line: the business's defaults of one product line. */
export function getBusinessLine(line: ProductLine, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<BusinessLine>(`nine/settings/business-lines/${line}`, { signal });
}

export const businessLineQueryOptions = (line: ProductLine) =>
  queryOptions({
    queryKey: ['business-line', line],
    meta: settingsMeta,
    queryFn: ({ signal }) => getBusinessLine(line, { signal }),
  });

export function useBusinessLine(line: ProductLine) {
  return useQuery(businessLineQueryOptions(line));
}
