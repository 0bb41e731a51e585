import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarBooking } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';

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
  return useQuery({
    ...calendarOrdersQueryOptions(locationId ?? 0, params ?? { product_id: 0, from: '', to: '' }),
    enabled: locationId !== null && params !== null,
  });
}
