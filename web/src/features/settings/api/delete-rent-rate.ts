import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { priceSettingsKey } from './get-price-settings.ts';

/** DELETE /api/nine/rent-rates/:id; a failure gets the default handling (a toast). */
export function deleteRentRate({ id, version }: { id: number; version: number }): Promise<{ id: number }> {
  // The version shown: removing a rate row someone changed meanwhile is refused (409).
  return api.delete<{ id: number }>(`nine/rent-rates/${id}`, { searchParams: { version } });
}

export function useDeleteRentRate() {
  return useInvalidatingMutation(deleteRentRate, [priceSettingsKey]);
}
