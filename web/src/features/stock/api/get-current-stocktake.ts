import { queryOptions } from '@tanstack/react-query';
import type { Stocktake } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { Stocktake };

/** GET /api/nine/stock/stocktakes/current: the stocktake in progress here, or null. */
export function getCurrentStocktake({ signal }: { signal?: AbortSignal } = {}): Promise<{
  stocktake: Stocktake | null;
}> {
  return api.get<{ stocktake: Stocktake | null }>('nine/stock/stocktakes/current', { signal });
}

export const currentStocktakeQueryKey = (locationId: number) => ['stock', locationId, 'stocktake'] as const;

export const currentStocktakeQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: currentStocktakeQueryKey(locationId),
    queryFn: ({ signal }) => getCurrentStocktake({ signal }),
  });

export function useCurrentStocktake(locationId: number | null) {
  return useLocationQuery(locationId, currentStocktakeQueryOptions);
}
