import type { PriceSwitches, PriceSwitchesUpdate } from '@nine/shared/schemas/price-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { priceSettingsKey } from './get-price-settings.ts';

/** PUT /api/nine/price-switches: a rental type's enforce_using_rental_periods and special_pricing. */
export function updatePriceSwitches(body: PriceSwitchesUpdate): Promise<PriceSwitches> {
  return quietApi.put<PriceSwitches>('nine/price-switches', { json: body });
}

// The activity settings screen reads the same row.
export function useUpdatePriceSwitches() {
  return useInvalidatingMutation(updatePriceSwitches, [priceSettingsKey, ['activity-settings']]);
}
