import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { deliverySettingsKey } from './get-delivery-settings.ts';

/** DELETE /api/nine/delivery-windows/:id; a failure gets the default handling (a toast). */
export function deleteDeliveryWindow(id: number): Promise<{ id: number }> {
  return api.delete<{ id: number }>(`nine/delivery-windows/${id}`);
}

export function useDeleteDeliveryWindow() {
  return useInvalidatingMutation(deleteDeliveryWindow, [deliverySettingsKey]);
}
