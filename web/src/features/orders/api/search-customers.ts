import { queryOptions } from '@tanstack/react-query';
import type { CustomerMatch } from '@nine/shared/schemas/contracts';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { CustomerMatch };

/**
 * GET /api/nine/customers/lookup?search=&limit=10, by name, e-mail or phone
 * (the customers' trigram search column). Open to rent_order or sell_order holders, since creating an
 * order needs it without the customer permission.
 */
export function searchCustomers(search: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<{ rows: CustomerMatch[] }>('nine/customers/lookup', {
    searchParams: { search, limit: 10 },
    signal,
  });
}

export const customerSearchQueryOptions = (locationId: number, search: string) =>
  queryOptions({
    queryKey: ['customers', locationId, 'lookup', search] as const,
    queryFn: ({ signal }) => searchCustomers(search, { signal }),
    staleTime: 30_000,
  });

export function useCustomerSearch(locationId: number | null, search: string) {
  const term = search.trim();
  return useLocationQuery(
    locationId,
    (locationId) => customerSearchQueryOptions(locationId, term),
    term.length >= 2,
  );
}
