import type { ProductRow, ProductUpdate } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PATCH /api/nine/inventory/products/:id with the version the form was opened on. */
export function updateProduct(id: number, body: ProductUpdate): Promise<ProductRow> {
  return quietApi.patch<ProductRow>(`nine/inventory/products/${id}`, { json: body });
}

export function useUpdateProduct(id: number) {
  return useInvalidatingMutation((body: ProductUpdate) => updateProduct(id, body), [['inventory']]);
}
