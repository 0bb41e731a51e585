import type { orderEventRequest } from '@nine/shared/schemas/orders';
import { quietApi } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';
import type { OrderDetail } from './get-order.ts';
import type { SchemaInput } from '../schema-input.ts';

/** The body as a client writes it (acknowledge may be left out). */
export type OrderEventBody = SchemaInput<typeof orderEventRequest>;

/**
 * POST …/:id/events. Uses the quiet client: the order view answers every failure itself (warnings to
 * confirm, an access key to ask for, a stale version to reload), so the default toast would only repeat it.
 */
export function sendOrderEvent(kind: OrderKind, id: number, body: OrderEventBody): Promise<OrderDetail> {
  return quietApi.post<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}/events`, { json: body });
}
