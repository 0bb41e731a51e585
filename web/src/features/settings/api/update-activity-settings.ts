import type { ActivitySettings, ActivitySettingsUpdate } from '@nine/shared/schemas/settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

export type { ActivitySettingsUpdate } from '@nine/shared/schemas/settings';

/** PUT /api/nine/activity-settings (activity change); quiet: the form shows its own failures. */
export function updateActivitySettings(body: ActivitySettingsUpdate): Promise<ActivitySettings> {
  return quietApi.put<ActivitySettings>('nine/activity-settings', { json: body });
}

export function useUpdateActivitySettings() {
  return useInvalidatingMutation(updateActivitySettings, [['activity-settings']], { awaitRefetch: true });
}
