import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderParticipantInput, OrderSignatureInput } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';
import { orderQueryKey, type OrderDetail } from './get-order.ts';

/** POST …/:id/participants; answers the order. */
export function addParticipant(
  kind: OrderKind,
  id: number,
  body: OrderParticipantInput,
): Promise<OrderDetail> {
  return api.post<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}/participants`, { json: body });
}

/** DELETE …/:id/participants/:participantId; answers the order. */
export function removeParticipant(kind: OrderKind, id: number, participantId: number): Promise<OrderDetail> {
  return api.delete<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}/participants/${participantId}`);
}

/** PUT …/:id/signature: drawn (PNG) or typed; answers the order. */
export function signOrder(kind: OrderKind, id: number, body: OrderSignatureInput): Promise<OrderDetail> {
  return api.put<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}/signature`, { json: body });
}

/** Each change answers the whole order: it replaces the cached one, and the list's flags may change. */
export function useOrderChange<T>(
  kind: OrderKind,
  locationId: number,
  id: number,
  send: (body: T) => Promise<OrderDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(kind, locationId, id), order);
      void queryClient.invalidateQueries({ queryKey: ['orders', kind, locationId, 'list'] });
    },
  });
}
