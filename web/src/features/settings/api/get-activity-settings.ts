import type { ActivitySettings } from '@nine/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { DEFAULT_RENTAL_TYPE_ID } from '@nine/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { ActivitySettings } from '@nine/shared/schemas/settings';

export function getActivitySettings(
  locationId: number,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ActivitySettings> {
  return api.get<ActivitySettings>('nine/activity-settings', {
    signal,
    searchParams: { location_id: locationId, rental_type_id: rentalTypeId },
  });
}

export const activitySettingsQueryOptions = (
  locationId: number,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
) =>
  queryOptions({
    queryKey: ['activity-settings', locationId, rentalTypeId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getActivitySettings(locationId, rentalTypeId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useActivitySettings(
  locationId: number | null,
  rentalTypeId: number = DEFAULT_RENTAL_TYPE_ID,
) {
  return useLocationQuery(locationId, (locationId) => activitySettingsQueryOptions(locationId, rentalTypeId));
}
