import type { RecurringOrderPage } from '@nine/shared/schemas/contracts';
import type { RecurringOrderListQuery } from '@nine/shared/schemas/recurring';
import { api } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

/** One page of GET /api/nine/recurring-orders (active plans of the session's location). */
export type { RecurringOrderPage } from '@nine/shared/schemas/contracts';

export type RecurringOrderParams = RecurringOrderListQuery;

export function getRecurringOrders(
  params: RecurringOrderParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RecurringOrderPage> {
  return api.get<RecurringOrderPage>('nine/recurring-orders', { searchParams: { ...params }, signal });
}

export const recurringOrdersQueryKey = (locationId: number) => ['recurring-orders', locationId] as const;

export const recurringOrdersQueryOptions = (locationId: number, params: RecurringOrderParams) =>
  pageQueryOptions(
    [...recurringOrdersQueryKey(locationId), params] as const,
    (signal) => getRecurringOrders(params, { signal }),
    15_000,
  );

export function useRecurringOrders(locationId: number | null, params: RecurringOrderParams) {
  return useLocationQuery(locationId, (locationId) => recurringOrdersQueryOptions(locationId, params));
}
