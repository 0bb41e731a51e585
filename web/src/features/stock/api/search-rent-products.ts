import { queryOptions } from '@tanstack/react-query';
import type { LookupProduct } from '@nine/shared/schemas/catalogue';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

/** GET /api/nine/catalogue/products?kind=rent: rent products to give a maintenance rule of their own. */
export function searchRentProducts(search: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<{ rows: LookupProduct[] }>('nine/catalogue/products', {
    searchParams: { kind: 'rent', search, page_size: 20 },
    signal,
  });
}

export const rentProductsQueryOptions = (locationId: number, search: string) =>
  queryOptions({
    queryKey: ['stock', locationId, 'rent-products', search] as const,
    queryFn: ({ signal }) => searchRentProducts(search, { signal }),
    staleTime: 60_000,
  });

export function useRentProducts(locationId: number | null, search: string) {
  return useLocationQuery(locationId, (locationId) => rentProductsQueryOptions(locationId, search));
}
