import { queryOptions } from '@tanstack/react-query';
import type { LookupProduct } from '@nine/shared/schemas/catalogue';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';

export type { LookupProduct };

/** GET /api/nine/catalogue/products?kind=rent&search=: rental products a tour can book as equipment. */
export function searchEquipmentProducts(search: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<{ rows: LookupProduct[] }>('nine/catalogue/products', {
    searchParams: { kind: 'rent', search, page_size: 20 },
    signal,
  });
}

export const equipmentProductsQueryOptions = (locationId: number, search: string) =>
  queryOptions({
    queryKey: ['tours', 'equipment-products', locationId, search] as const,
    queryFn: ({ signal }) => searchEquipmentProducts(search, { signal }),
    staleTime: 60_000,
  });

/** Searched once two characters are typed. */
export function useEquipmentProducts(locationId: number | null, search: string) {
  const term = search.trim();
  return useLocationQuery(locationId, (id) => equipmentProductsQueryOptions(id, term), term.length >= 2);
}
