import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { priceSettingsKey } from './get-price-settings.ts';

/** DELETE /api/nine/rental-periods/:id; a failure gets the default handling (a toast). */
export function deleteRentalPeriod({
  id,
  version,
}: {
  id: number;
  version: number;
}): Promise<{ id: number }> {
  // The version shown: removing a rental period someone changed meanwhile is refused (409).
  return api.delete<{ id: number }>(`nine/rental-periods/${id}`, { searchParams: { version } });
}

export function useDeleteRentalPeriod() {
  return useInvalidatingMutation(deleteRentalPeriod, [priceSettingsKey]);
}
