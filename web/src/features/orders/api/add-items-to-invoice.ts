import type { OrderItemsInvoice, OrderItemsInvoiced } from '@nine/shared/schemas/orders';
import { quietApi, idempotent } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';

/**
 * POST …/:id/invoice-items: add to invoice. The chosen lines go on the order's invoice in progress; the
 * same key replays the first answer, so a retry never bills twice. The dialog shows its own failures.
 */
export function addItemsToInvoice(
  kind: OrderKind,
  id: number,
  body: OrderItemsInvoice,
  idempotencyKey: string,
): Promise<OrderItemsInvoiced> {
  return quietApi.post<OrderItemsInvoiced>(
    `${ORDER_API_PATH[kind]}/${id}/invoice-items`,
    idempotent(body, idempotencyKey),
  );
}
