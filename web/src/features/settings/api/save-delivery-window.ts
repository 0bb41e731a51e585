import type { DeliveryWindow, deliveryWindowForm } from '@nine/shared/schemas/delivery-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { deliverySettingsKey } from './get-delivery-settings.ts';

export type DeliveryWindowValues = NonNullable<(typeof deliveryWindowForm)['~standard']['types']>['output'];

/** POST /api/nine/delivery-windows, or PUT /api/nine/delivery-windows/:id with the version read. */
export function saveDeliveryWindow(
  target: { locationId: number } | { id: number; version: number },
  body: DeliveryWindowValues,
): Promise<DeliveryWindow> {
  return 'id' in target
    ? quietApi.put<DeliveryWindow>(`nine/delivery-windows/${target.id}`, {
        json: { ...body, version: target.version },
      })
    : quietApi.post<DeliveryWindow>('nine/delivery-windows', {
        json: { ...body, location_id: target.locationId },
      });
}

export function useSaveDeliveryWindow() {
  return useInvalidatingMutation(
    (vars: { target: Parameters<typeof saveDeliveryWindow>[0]; body: DeliveryWindowValues }) =>
      saveDeliveryWindow(vars.target, vars.body),
    [deliverySettingsKey],
  );
}
