import { useQuery } from '@tanstack/react-query';
import type { RentalHistoryPage } from '@nine/shared/schemas/contracts';
import { api } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

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
  pageQueryOptions(['inventory', 'product', id, 'rentals', page] as const, (signal) =>
    getProductRentals(id, page, { signal }),
  );

export function useProductRentals(id: number, page: number) {
  return useQuery(productRentalsOptions(id, page));
}
