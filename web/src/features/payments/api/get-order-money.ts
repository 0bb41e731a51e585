import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderMoney } from '@nine/shared/schemas/payments';
import { api } from '../../../lib/api-client.ts';

export type {
  OrderMoney,
  OrderPaymentRow,
  DepositMovementRow,
  PaymentRules,
} from '@nine/shared/schemas/payments';

export const orderMoneyQueryKey = (locationId: number, orderId: number) =>
  ['payments', locationId, 'order', orderId] as const;

export function getOrderMoney(
  orderId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OrderMoney> {
  return api.get<OrderMoney>(`nine/orders/${orderId}/money`, { signal });
}

export const orderMoneyQueryOptions = (locationId: number, orderId: number) =>
  queryOptions({
    queryKey: orderMoneyQueryKey(locationId, orderId),
    queryFn: ({ signal }) => getOrderMoney(orderId, { signal }),
    staleTime: 5_000,
  });

/** GET /api/nine/orders/:id/money: payments, refunds, deposits and the method rules of one order. */
export function useOrderMoney(locationId: number, orderId: number) {
  return useQuery(orderMoneyQueryOptions(locationId, orderId));
}
