import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerPage } from '@nine/shared/schemas/contracts';
import type { CustomerListQuery } from '@nine/shared/schemas/customers';
import { api } from '../../../lib/api-client.ts';

export type { CustomerPage };

export type CustomerListParams = Partial<CustomerListQuery>;

/** GET /api/nine/customers: paged, sorted and searched on the server. */
export function getCustomers(params: CustomerListParams, { signal }: { signal?: AbortSignal } = {}) {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  return api.get<CustomerPage>('nine/customers', { searchParams, signal });
}

export const customersQueryKey = ['customers', 'list'] as const;

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: [...customersQueryKey, params] as const,
    queryFn: ({ signal }) => getCustomers(params, { signal }),
    staleTime: 15_000,
    // Paging and sorting keep the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
