import { useQuery } from '@tanstack/react-query';
import type { CustomerPage } from '@nine/shared/schemas/contracts';
import type { CustomerListQuery } from '@nine/shared/schemas/customers';
import { getWithParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

export type { CustomerPage };

export type CustomerListParams = Partial<CustomerListQuery>;

/** GET /api/nine/customers: paged, sorted and searched on the server. */
export const getCustomers = getWithParams<CustomerListParams, CustomerPage>('nine/customers');

export const customersQueryKey = ['customers', 'list'] as const;

export const customersQueryOptions = (params: CustomerListParams) =>
  pageQueryOptions(
    [...customersQueryKey, params] as const,
    (signal) => getCustomers(params, { signal }),
    15_000,
  );

export function useCustomers(params: CustomerListParams) {
  return useQuery(customersQueryOptions(params));
}
