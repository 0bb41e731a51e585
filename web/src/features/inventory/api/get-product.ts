import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '@nine/shared/schemas/inventory';
import { api } from '../../../lib/api-client.ts';

export const productKey = (id: number) => ['inventory', 'product', id] as const;

/** GET /api/nine/inventory/products/:id: the product, its items, stock per location and totals. */
export function getProduct(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<ProductDetail> {
  return api.get<ProductDetail>(`nine/inventory/products/${id}`, { signal });
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKey(id), queryFn: ({ signal }) => getProduct(id, { signal }) });

export function useProduct(id: number, enabled = true) {
  return useQuery({ ...productQueryOptions(id), enabled });
}
