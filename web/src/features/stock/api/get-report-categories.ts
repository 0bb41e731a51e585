import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryList } from '@nine/shared/schemas/inventory';
import { api } from '../../../lib/api-client.ts';

/** GET /api/nine/categories: the tree the reports filter by (category or inventory holders only). */
export function getReportCategories({ signal }: { signal?: AbortSignal } = {}): Promise<CategoryList> {
  return api.get<CategoryList>('nine/categories', { signal });
}

export const reportCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['stock', 'report-categories'] as const,
    queryFn: ({ signal }) => getReportCategories({ signal }),
    staleTime: 60_000,
    retry: false,
  });

export function useReportCategories() {
  return useQuery(reportCategoriesQueryOptions());
}
