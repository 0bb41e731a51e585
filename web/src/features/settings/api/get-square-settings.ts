import type { SquareSettings } from '@nine/shared/schemas/square-settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { SquareSettings } from '@nine/shared/schemas/square-settings';

/** GET /api/nine/square-settings of one location (location_setting view there); never the access token. */
export function getSquareSettings(locationId: number, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<SquareSettings>('nine/square-settings', {
    signal,
    searchParams: { location_id: locationId },
  });
}

export const squareSettingsQueryKey = ['square-settings'] as const;

export const squareSettingsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: [...squareSettingsQueryKey, locationId],
    meta: settingsMeta,
    queryFn: ({ signal }) => getSquareSettings(locationId, { signal }),
  });

export function useSquareSettings(locationId: number | null) {
  return useLocationQuery(locationId, squareSettingsQueryOptions);
}
