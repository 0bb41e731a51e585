import type { deliveryAssign } from '@nine/shared/schemas/delivery';
import type { OrderItemReplace, OrderItemUpdate } from '@nine/shared/schemas/orders';
import type { SchemaInput } from '../schema-input.ts';
import { quietApi } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';
import type { OrderDetail } from './get-order.ts';

/** PATCH …/:id/items/:itemId: edit item (discount) or set counter; the dialog shows its own failures. */
export function updateOrderItem(
  kind: OrderKind,
  id: number,
  itemId: number,
  body: OrderItemUpdate,
): Promise<OrderDetail> {
  return quietApi.patch<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}/items/${itemId}`, { json: body });
}

/** POST …/rent-orders/:id/items/:itemId/replace: another serialized item by SKU (1205 asks to confirm). */
export function replaceOrderItem(id: number, itemId: number, body: OrderItemReplace): Promise<OrderDetail> {
  return quietApi.post<OrderDetail>(`${ORDER_API_PATH.rent}/${id}/items/${itemId}/replace`, { json: body });
}

/** POST …/rent-orders/:id/deliveries: assign delivery (or pick-up) to items; answers the order. */
export function assignDelivery(id: number, body: SchemaInput<typeof deliveryAssign>): Promise<OrderDetail> {
  return quietApi.post<OrderDetail>(`${ORDER_API_PATH.rent}/${id}/deliveries`, { json: body });
}
