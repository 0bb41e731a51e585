import type { StockInput } from '@nine/shared/schemas/inventory';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/** PUT /api/nine/inventory/products/:id/stock: the bulk quantity on hand in one location. */
export function setStock(productId: number, body: StockInput): Promise<StockInput> {
  return quietApi.put<StockInput>(`nine/inventory/products/${productId}/stock`, { json: body });
}

export function useSetStock(productId: number) {
  return useInvalidatingMutation((body: StockInput) => setStock(productId, body), [['inventory']]);
}
