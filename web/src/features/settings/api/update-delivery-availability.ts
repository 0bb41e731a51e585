import type {
  DeliveryAvailability,
  DeliveryAvailabilityUpdate,
} from '@nine/shared/schemas/delivery-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { deliverySettingsKey } from './get-delivery-settings.ts';

/** PUT /api/nine/delivery-availability: whether one rental type delivers at the location. */
export function updateDeliveryAvailability(body: DeliveryAvailabilityUpdate): Promise<DeliveryAvailability> {
  return quietApi.put<DeliveryAvailability>('nine/delivery-availability', { json: body });
}

// The activity settings screen shows the same switch.
export function useUpdateDeliveryAvailability() {
  return useInvalidatingMutation(updateDeliveryAvailability, [
    deliverySettingsKey,
    ['location-activity-settings'],
  ]);
}
