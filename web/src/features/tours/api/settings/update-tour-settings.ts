import type { TourSettings, TourSettingsForm } from '@nine/shared/schemas/tours/settings';
import { quietApi } from '../../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../../lib/invalidating-mutation.ts';
import { tourSettingsKey } from './get-tour-settings.ts';

/** PUT /api/nine/tours/settings with the version read; a stale one is refused (409). */
export function updateTourSettings(body: TourSettingsForm & { version: number }): Promise<TourSettings> {
  return quietApi.put<TourSettings>('nine/tours/settings', { json: body });
}

export function useUpdateTourSettings() {
  return useInvalidatingMutation(updateTourSettings, [tourSettingsKey]);
}
