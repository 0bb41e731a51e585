import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttributeRow } from '@nine/shared/schemas/inventory';
import { api } from '../../../lib/api-client.ts';

export const attributesKey = ['inventory', 'attributes'] as const;

/** GET /api/nine/attributes, each with the categories it is mapped to. */
export function getAttributes({ signal }: { signal?: AbortSignal } = {}): Promise<AttributeRow[]> {
  return api.get<{ rows: AttributeRow[] }>('nine/attributes', { signal }).then((d) => d.rows);
}

export const attributesQueryOptions = () =>
  queryOptions({
    queryKey: attributesKey,
    queryFn: ({ signal }) => getAttributes({ signal }),
    staleTime: 60_000,
  });

export function useAttributes() {
  return useQuery(attributesQueryOptions());
}
