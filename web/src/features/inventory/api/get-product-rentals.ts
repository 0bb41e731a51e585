import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RentalHistoryPage } from '@nine/shared/schemas/contracts';
import { api } from '../../../lib/api-client.ts';

export type { RentalHistoryPage } from '@nine/shared/schemas/contracts';

/** GET /api/nine/inventory/products/:id/rentals: newest first, one page at a time. */
export function getProductRentals(
  id: number,
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RentalHistoryPage> {
  return api.get<RentalHistoryPage>(`nine/inventory/products/${id}/rentals`, {
    searchParams: { page, page_size: 10 },
    signal,
  });
}

export const productRentalsOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: ['inventory', 'product', id, 'rentals', page] as const,
    queryFn: ({ signal }) => getProductRentals(id, page, { signal }),
    placeholderData: keepPreviousData,
  });

export function useProductRentals(id: number, page: number) {
  return useQuery(productRentalsOptions(id, page));
}
