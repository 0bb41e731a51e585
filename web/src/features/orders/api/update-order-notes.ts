import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { orderNotesUpdate } from '@nine/shared/schemas/orders';
import { quietApi } from '../../../lib/api-client.ts';
import { ORDER_API_PATH, type OrderKind } from '../order-kind.ts';
import { orderQueryKey, type OrderDetail } from './get-order.ts';
import type { SchemaInput } from '../schema-input.ts';

export type OrderNotesBody = SchemaInput<typeof orderNotesUpdate>;

/** PATCH …/:id/notes; the form shows its own failures (a stale version above all), hence the quiet client. */
export function updateOrderNotes(kind: OrderKind, id: number, body: OrderNotesBody): Promise<OrderDetail> {
  return quietApi.patch<OrderDetail>(`${ORDER_API_PATH[kind]}/${id}/notes`, { json: body });
}

export function useUpdateOrderNotes(kind: OrderKind, locationId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderNotesBody) => updateOrderNotes(kind, id, body),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(kind, locationId, id), order);
      void queryClient.invalidateQueries({ queryKey: ['orders', kind, locationId, 'list'] });
    },
  });
}
