import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '@nine/shared/schemas/customers';
import { api } from '../../../lib/api-client.ts';

/** GET /api/nine/customers/:id: contact data, derived balance, notes, participants and signatures. */
export function getCustomer(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<CustomerDetail>(`nine/customers/${id}`, { signal });
}

export const customerQueryKey = (id: number) => ['customers', 'detail', id] as const;

export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerQueryKey(id),
    queryFn: ({ signal }) => getCustomer(id, { signal }),
    staleTime: 15_000,
  });

export function useCustomer(id: number) {
  return useQuery(customerQueryOptions(id));
}
