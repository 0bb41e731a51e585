import type { rentOrderPeriod } from '@nine/shared/schemas/orders';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { ORDER_API_PATH } from '../order-kind.ts';
import type { SchemaInput } from '../schema-input.ts';
import { orderQueryKey, type OrderDetail } from './get-order.ts';

export type OrderPeriodBody = SchemaInput<typeof rentOrderPeriod>;

/** PUT /rent-orders/:id/period; the dialog shows its own failures (a stale version, items taken), hence quiet. */
export function changeOrderPeriod(id: number, body: OrderPeriodBody): Promise<OrderDetail> {
  return quietApi.put<OrderDetail>(`${ORDER_API_PATH.rent}/${id}/period`, { json: body });
}

/** Change period: the order view and the rent lists refetch once the period moved. */
export function useChangeOrderPeriod(locationId: number, id: number) {
  return useInvalidatingMutation(
    (body: OrderPeriodBody) => changeOrderPeriod(id, body),
    [orderQueryKey('rent', locationId, id), ['orders', 'rent', locationId, 'list']],
    { awaitRefetch: true },
  );
}
