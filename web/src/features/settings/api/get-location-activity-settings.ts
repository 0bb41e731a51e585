import type { LocationActivitySettings } from '@nine/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_RENTAL_TYPE_ID } from '@nine/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { LocationActivitySettings } from '@nine/shared/schemas/settings';

export function getLocationActivitySettings(
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
  { signal }: { signal?: AbortSignal } = {},
): Promise<LocationActivitySettings> {
  return api.get<LocationActivitySettings>('nine/location-activity-settings', {
    signal,
    searchParams: { rental_type_id: rentalTypeId },
  });
}

/** The location travels in the location-id header, but belongs in the key so a switch refetches. */
export const locationActivitySettingsQueryOptions = (
  locationId: number,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
) =>
  queryOptions({
    queryKey: ['location-activity-settings', locationId, rentalTypeId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getLocationActivitySettings(rentalTypeId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useLocationActivitySettings(
  locationId: number | null,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
) {
  return useLocationQuery(locationId, (locationId) =>
    locationActivitySettingsQueryOptions(locationId, rentalTypeId),
  );
}
