import type { LocationDetails } from '@nine/shared/schemas/location-settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { LocationDetails } from '@nine/shared/schemas/location-settings';

export const locationDetailsQueryKey = ['location-details'] as const;

/** GET /api/nine/locations/:id: the location's name and contact details, with their version. */
export function getLocationDetails(locationId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<LocationDetails>(`nine/locations/${locationId}`, { signal });
}

export const locationDetailsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: [...locationDetailsQueryKey, locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getLocationDetails(locationId, { signal }),
  });

export function useLocationDetails(locationId: number | null) {
  return useLocationQuery(locationId, locationDetailsQueryOptions);
}
