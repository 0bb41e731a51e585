import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LookupProduct } from '@nine/shared/schemas/catalogue';
import { api } from '../../../lib/api-client.ts';

/** The rent products a kiosk list can take: GET /api/nine/catalogue/products?kind=rent, one large page. */
export const rentProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['catalogue-products', 'rent', 'kiosk'] as const,
    queryFn: ({ signal }) =>
      api.get<{ rows: LookupProduct[] }>('nine/catalogue/products', {
        signal,
        searchParams: { kind: 'rent', page_size: 100 },
      }),
  });

export function useRentProducts(enabled: boolean) {
  return useQuery({ ...rentProductsQueryOptions(), enabled });
}
