import type { GeneralSettings } from '@nine/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { GeneralSettings } from '@nine/shared/schemas/settings';

export function getGeneralSettings({ signal }: { signal?: AbortSignal } = {}): Promise<GeneralSettings> {
  return api.get<GeneralSettings>('nine/general-settings', { signal });
}

export const generalSettingsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['general-settings', locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getGeneralSettings({ signal }),
    staleTime: 5 * 60_000,
  });

export function useGeneralSettings(locationId: number | null) {
  return useLocationQuery(locationId, generalSettingsQueryOptions);
}
