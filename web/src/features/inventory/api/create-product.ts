import type { ProductInput, ProductRow } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** POST /api/nine/inventory/products; the form shows its own failures, hence the quiet client. */
export function createProduct(body: ProductInput, idempotencyKey: string): Promise<ProductRow> {
  return quietApi.post<ProductRow>('nine/inventory/products', {
    json: body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function useCreateProduct() {
  return useInvalidatingMutation(
    ({ body, key }: { body: ProductInput; key: string }) => createProduct(body, key),
    [['inventory']],
  );
}
