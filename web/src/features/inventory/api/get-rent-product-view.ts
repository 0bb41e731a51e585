import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetailView } from '@nine/shared/schemas/inventory';
import { api } from '../../../lib/api-client.ts';
import { productKey } from './get-product.ts';

/**
 * GET /api/nine/inventory/detail/rent/:id: the rent detail page, open without permission; `figures` false
 * means cost and revenue were left out. Under the product's key, so every inventory change refreshes it.
 */
export function getRentProductView(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductDetailView> {
  return api.get<ProductDetailView>(`nine/inventory/detail/rent/${id}`, { signal });
}

export const rentProductViewOptions = (id: number) =>
  queryOptions({
    queryKey: [...productKey(id), 'rent-view'] as const,
    queryFn: ({ signal }) => getRentProductView(id, { signal }),
  });

export function useRentProductView(id: number, enabled = true) {
  return useQuery({ ...rentProductViewOptions(id), enabled });
}
