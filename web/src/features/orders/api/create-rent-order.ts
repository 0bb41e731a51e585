import type { rentOrderCreate } from '@nine/shared/schemas/orders';
import { api, idempotent } from '../../../lib/api-client.ts';
import { ORDER_API_PATH } from '../order-kind.ts';
import type { SchemaInput } from '../schema-input.ts';
import type { OrderDetail } from './get-order.ts';

export type RentOrderCreateBody = SchemaInput<typeof rentOrderCreate>;

/**
 * POST /api/nine/rent-orders (201 with the new order). The key is made once per attempt by the caller
 * and sent again on a retry, so a retried create can never make two orders. The main client: a 1207
 * opens the unavailable-items modal (spec section 8); the create screen shows the conflict inline too.
 */
export function createRentOrder(body: RentOrderCreateBody, idempotencyKey: string): Promise<OrderDetail> {
  return api.post<OrderDetail>(ORDER_API_PATH.rent, idempotent(body, idempotencyKey));
}
