import type { GeneralSettings } from '@nine/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { GeneralSettings } from '@nine/shared/schemas/settings';

/** GET /api/nine/general-settings of one location (the session's, or another the user holds a role at). */
export function getGeneralSettings(
  locationId?: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GeneralSettings> {
  return api.get<GeneralSettings>('nine/general-settings', {
    signal,
    ...(locationId === undefined ? {} : { searchParams: { location_id: locationId } }),
  });
}

export const generalSettingsQueryKey = ['general-settings'] as const;

export const generalSettingsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: [...generalSettingsQueryKey, locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getGeneralSettings(locationId, { signal }),
    staleTime: 5 * 60_000,
  });

export function useGeneralSettings(locationId: number | null) {
  return useLocationQuery(locationId, generalSettingsQueryOptions);
}
