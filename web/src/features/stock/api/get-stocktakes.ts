import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StocktakeSummary } from '@nine/shared/schemas/stock';
import type { Page } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';

export type { StocktakeSummary };

/** GET /api/nine/stock/stocktakes: this location's stocktakes, newest first. */
export function getStocktakes(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<StocktakeSummary>> {
  return api.get<Page<StocktakeSummary>>('nine/stock/stocktakes', { searchParams: { page }, signal });
}

export const stocktakesQueryOptions = (locationId: number, page: number) =>
  queryOptions({
    queryKey: ['stock', locationId, 'stocktakes', page] as const,
    queryFn: ({ signal }) => getStocktakes(page, { signal }),
    placeholderData: keepPreviousData,
  });

export function useStocktakes(locationId: number | null, page: number) {
  return useQuery({ ...stocktakesQueryOptions(locationId ?? 0, page), enabled: locationId !== null });
}
