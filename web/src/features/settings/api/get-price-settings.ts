import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceSettings } from '@nine/shared/schemas/price-settings';
import { getWithParams } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type {
  PriceSettings,
  PriceSwitches,
  RentalPeriod,
  RentRate,
  SpecialRuleRow,
} from '@nine/shared/schemas/price-settings';

/** GET /api/nine/price-settings: a location's rental periods, rates, special rules and pricing switches. */
export const getPriceSettings = getWithParams<{ location_id: number }, PriceSettings>('nine/price-settings');

export const priceSettingsKey = ['price-settings'] as const;

export function usePriceSettings(locationId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...priceSettingsKey, locationId] as const,
      meta: settingsMeta,
      queryFn: ({ signal }) => getPriceSettings({ location_id: locationId }, { signal }),
    }),
  );
}
