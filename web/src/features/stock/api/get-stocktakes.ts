import type { StocktakeSummary } from '@nine/shared/schemas/stock';
import type { Page } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { StocktakeSummary };

/** GET /api/nine/stock/stocktakes: this location's stocktakes, newest first. */
export function getStocktakes(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<StocktakeSummary>> {
  return api.get<Page<StocktakeSummary>>('nine/stock/stocktakes', { searchParams: { page }, signal });
}

export const stocktakesQueryOptions = (locationId: number, page: number) =>
  pageQueryOptions(['stock', locationId, 'stocktakes', page] as const, (signal) =>
    getStocktakes(page, { signal }),
  );

export function useStocktakes(locationId: number | null, page: number) {
  return useLocationQuery(locationId, (locationId) => stocktakesQueryOptions(locationId, page));
}
