import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { api } from '../../../lib/api-client.ts';

export function getPayment(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<PaymentView> {
  return api.get<PaymentView>(`nine/payments/${id}`, { signal });
}

export const paymentQueryOptions = (locationId: number, id: number) =>
  queryOptions({
    queryKey: ['payments', locationId, 'payment', id] as const,
    queryFn: ({ signal }) => getPayment(id, { signal }),
  });

/** GET /api/nine/payments/:id: one payment as its receipt shows it. */
export function usePayment(locationId: number, id: number) {
  return useQuery(paymentQueryOptions(locationId, id));
}
