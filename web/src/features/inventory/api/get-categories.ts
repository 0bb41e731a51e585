import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '@nine/shared/schemas/inventory';
import { api } from '../../../lib/api-client.ts';

export const categoriesKey = ['inventory', 'categories'] as const;

/** GET /api/nine/categories: the whole tree (small), with the location's image setting. */
export function getCategories({ signal }: { signal?: AbortSignal } = {}): Promise<CategoryList> {
  return api.get<CategoryList>('nine/categories', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
