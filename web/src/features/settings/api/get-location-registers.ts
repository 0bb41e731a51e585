import type { CashRegisterState } from '@nine/shared/schemas/payments';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { CashRegisterState } from '@nine/shared/schemas/payments';

export const locationRegistersQueryKey = ['location-registers'] as const;

/** GET /api/nine/cash-registers of one location, retired registers included (Location settings). */
export function getLocationRegisters(locationId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<CashRegisterState[]>('nine/cash-registers', {
    signal,
    searchParams: { location_id: locationId, include_inactive: 'true' },
  });
}

export const locationRegistersQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: [...locationRegistersQueryKey, locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getLocationRegisters(locationId, { signal }),
  });

export function useLocationRegisters(locationId: number | null) {
  return useLocationQuery(locationId, locationRegistersQueryOptions);
}
