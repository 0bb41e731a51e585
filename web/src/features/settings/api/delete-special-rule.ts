import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { priceSettingsKey } from './get-price-settings.ts';

/** DELETE /api/nine/special-pricing-rules/:id; a failure gets the default handling (a toast). */
export function deleteSpecialRule({ id, version }: { id: number; version: number }): Promise<{ id: number }> {
  // The version shown: removing a special pricing rule someone changed meanwhile is refused (409).
  return api.delete<{ id: number }>(`nine/special-pricing-rules/${id}`, { searchParams: { version } });
}

export function useDeleteSpecialRule() {
  return useInvalidatingMutation(deleteSpecialRule, [priceSettingsKey]);
}
