import type { saleOrderCreate } from '@nine/shared/schemas/orders';
import { api, idempotent } from '../../../lib/api-client.ts';
import { ORDER_API_PATH } from '../order-kind.ts';
import type { SchemaInput } from '../schema-input.ts';
import type { OrderDetail } from './get-order.ts';

export type SaleOrderCreateBody = SchemaInput<typeof saleOrderCreate>;

/** POST /api/nine/sale-orders (201, status open); customer_id left out means the walk-in customer. */
export function createSaleOrder(body: SaleOrderCreateBody, idempotencyKey: string): Promise<OrderDetail> {
  return api.post<OrderDetail>(ORDER_API_PATH.sale, idempotent(body, idempotencyKey));
}
