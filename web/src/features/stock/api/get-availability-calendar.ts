import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityCalendar } from '@nine/shared/schemas/stock';
import { api } from '../../../lib/api-client.ts';

export type { AvailabilityCalendar };

export interface CalendarParams {
  /** A day of the location: whole-day slots are then the location's calendar days. */
  start_day: string;
  slot_minutes: number;
  slots: number;
  search?: string;
  category_id?: number;
  product_id?: number;
}

/** GET /api/nine/stock/availability-calendar: booked units per product and slot, with what is held. */
export function getAvailabilityCalendar(
  params: CalendarParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AvailabilityCalendar> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') searchParams[key] = value as string | number;
  }
  return api.get<AvailabilityCalendar>('nine/stock/availability-calendar', { searchParams, signal });
}

export const calendarQueryKey = (locationId: number) => ['stock', locationId, 'calendar'] as const;

export const availabilityCalendarQueryOptions = (locationId: number, params: CalendarParams) =>
  queryOptions({
    queryKey: [...calendarQueryKey(locationId), params] as const,
    queryFn: ({ signal }) => getAvailabilityCalendar(params, { signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export function useAvailabilityCalendar(locationId: number | null, params: CalendarParams) {
  return useQuery({
    ...availabilityCalendarQueryOptions(locationId ?? 0, params),
    enabled: locationId !== null,
  });
}
