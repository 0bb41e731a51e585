import { queryOptions } from '@tanstack/react-query';
import type { TourSettings } from '@nine/shared/schemas/tours/settings';
import { api } from '../../../../lib/api-client.ts';
import { useLocationQuery } from '../../../../lib/location-query.ts';
import { settingsMeta } from '../../../../lib/settings-queries.ts';

export type { TourSettings } from '@nine/shared/schemas/tours/settings';

export const tourSettingsKey = ['tours', 'settings'] as const;

/** GET /api/nine/tours/settings: the tour settings of the request's location (defaults as version 1). */
export function getTourSettings({ signal }: { signal?: AbortSignal } = {}): Promise<TourSettings> {
  return api.get<TourSettings>('nine/tours/settings', { signal });
}

export const tourSettingsQuery = (locationId: number) =>
  queryOptions({
    queryKey: [...tourSettingsKey, locationId] as const,
    meta: settingsMeta,
    queryFn: ({ signal }) => getTourSettings({ signal }),
  });

export function useTourSettings(locationId: number | null) {
  return useLocationQuery(locationId, tourSettingsQuery);
}
