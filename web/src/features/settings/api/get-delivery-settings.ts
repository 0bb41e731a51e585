import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliverySettings } from '@nine/shared/schemas/delivery-settings';
import { getWithParams } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type {
  DeliveryAvailability,
  DeliverySettings,
  DeliveryWindow,
  DeliveryZone,
} from '@nine/shared/schemas/delivery-settings';

/** GET /api/nine/delivery-settings: a location's delivery zones, windows and availability per rental type. */
export const getDeliverySettings = getWithParams<{ location_id: number }, DeliverySettings>(
  'nine/delivery-settings',
);

export const deliverySettingsKey = ['delivery-settings'] as const;

export function useDeliverySettings(locationId: number) {
  return useQuery(
    queryOptions({
      queryKey: [...deliverySettingsKey, locationId] as const,
      meta: settingsMeta,
      queryFn: ({ signal }) => getDeliverySettings({ location_id: locationId }, { signal }),
    }),
  );
}
