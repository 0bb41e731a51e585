import type { SquareSettings, SquareSettingsUpdate } from '@nine/shared/schemas/square-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { squareSettingsQueryKey } from './get-square-settings.ts';

/** PUT /api/nine/square-settings (location_setting change); an omitted token keeps the stored one. */
export function updateSquareSettings(body: SquareSettingsUpdate): Promise<SquareSettings> {
  return quietApi.put<SquareSettings>('nine/square-settings', { json: body });
}

export function useUpdateSquareSettings() {
  return useInvalidatingMutation(updateSquareSettings, [squareSettingsQueryKey], { awaitRefetch: true });
}
