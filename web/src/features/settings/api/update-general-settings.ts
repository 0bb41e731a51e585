import type { GeneralSettingsUpdate } from '@nine/shared/schemas/location-settings';
import type { GeneralSettings } from '@nine/shared/schemas/settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { generalSettingsQueryKey } from './get-general-settings.ts';

export type { GeneralSettingsUpdate } from '@nine/shared/schemas/location-settings';

/** PUT /api/nine/general-settings (location_setting change); quiet: each section shows its own failures. */
export function updateGeneralSettings(body: GeneralSettingsUpdate): Promise<GeneralSettings> {
  return quietApi.put<GeneralSettings>('nine/general-settings', { json: body });
}

export function useUpdateGeneralSettings() {
  return useInvalidatingMutation(updateGeneralSettings, [generalSettingsQueryKey], { awaitRefetch: true });
}
