import type { priceOverride } from '@nine/shared/schemas/money';
import { quietApi } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';
import type { SchemaInput } from '../schema-input.ts';
import type { OrderDetail } from './get-order.ts';

export type ChangeCostBody = SchemaInput<typeof priceOverride>;

/** POST …/:id/change-cost; the dialog shows its own failures (a wrong key, a stale version). */
export function changeItemCost(kind: OrderKind, id: number, body: ChangeCostBody): Promise<OrderDetail> {
  return quietApi.post<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}/change-cost`, { json: body });
}
