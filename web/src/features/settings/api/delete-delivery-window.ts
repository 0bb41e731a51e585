import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { deliverySettingsKey } from './get-delivery-settings.ts';

/** DELETE /api/nine/delivery-windows/:id; a failure gets the default handling (a toast). */
export function deleteDeliveryWindow({
  id,
  version,
}: {
  id: number;
  version: number;
}): Promise<{ id: number }> {
  // The version shown: removing a window someone changed meanwhile is refused (409).
  return api.delete<{ id: number }>(`nine/delivery-windows/${id}`, { searchParams: { version } });
}

export function useDeleteDeliveryWindow() {
  return useInvalidatingMutation(deleteDeliveryWindow, [deliverySettingsKey]);
}
