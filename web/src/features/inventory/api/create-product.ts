import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput, ProductRow } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';

/** POST /api/nine/inventory/products; the form shows its own failures, hence the quiet client. */
export function createProduct(body: ProductInput, idempotencyKey: string): Promise<ProductRow> {
  return quietApi.post<ProductRow>('nine/inventory/products', {
    json: body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ProductInput; key: string }) => createProduct(body, key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['inventory'] }),
  });
}
