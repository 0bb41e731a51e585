import type { BusinessInfo } from '@nine/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { BusinessInfo } from '@nine/shared/schemas/settings';

export function getBusinessInfo(locationId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<BusinessInfo>('nine/business-info', { signal, searchParams: { location_id: locationId } });
}

export const businessInfoQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['business-info', locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getBusinessInfo(locationId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useBusinessInfo(locationId: number | null) {
  return useLocationQuery(locationId, businessInfoQueryOptions);
}
