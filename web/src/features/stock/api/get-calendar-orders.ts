import { queryOptions } from '@tanstack/react-query';
import type { CalendarBooking } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { CalendarBooking };

export interface CalendarOrdersParams {
  product_id: number;
  from: string;
  to: string;
}

/** GET /api/nine/stock/availability-calendar/orders: the orders holding a product in a slot. */
export function getCalendarOrders(
  params: CalendarOrdersParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CalendarBooking[]> {
  return api.get<CalendarBooking[]>('nine/stock/availability-calendar/orders', {
    searchParams: { ...params },
    signal,
  });
}

export const calendarOrdersQueryOptions = (locationId: number, params: CalendarOrdersParams) =>
  queryOptions({
    queryKey: ['stock', locationId, 'calendar', 'orders', params] as const,
    queryFn: ({ signal }) => getCalendarOrders(params, { signal }),
  });

export function useCalendarOrders(locationId: number | null, params: CalendarOrdersParams | null) {
  return useLocationQuery(
    locationId,
    (locationId) => calendarOrdersQueryOptions(locationId, params ?? { product_id: 0, from: '', to: '' }),
    params !== null,
  );
}
