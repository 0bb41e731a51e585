import type { DeliveryZone, deliveryZoneForm } from '@nine/shared/schemas/delivery-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { deliverySettingsKey } from './get-delivery-settings.ts';

/** The zone dialog's parsed values (zip codes as a list). */
export type DeliveryZoneValues = NonNullable<(typeof deliveryZoneForm)['~standard']['types']>['output'];

/** POST /api/nine/delivery-zones, or PUT /api/nine/delivery-zones/:id with the version read. */
export function saveDeliveryZone(
  target: { locationId: number } | { id: number; version: number },
  body: DeliveryZoneValues,
): Promise<DeliveryZone> {
  return 'id' in target
    ? quietApi.put<DeliveryZone>(`nine/delivery-zones/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<DeliveryZone>('nine/delivery-zones', {
        json: { ...body, location_id: target.locationId },
      });
}

export function useSaveDeliveryZone() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveDeliveryZone>[0]; body: DeliveryZoneValues }) =>
      saveDeliveryZone(vars.target, vars.body),
    [deliverySettingsKey],
  );
}
