import type { LocationDetails, LocationUpdate } from '@nine/shared/schemas/location-settings';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { locationDetailsQueryKey } from './get-location-details.ts';

/** PUT /api/nine/locations/:id (location_setting change there); quiet: the section shows its own failures. */
export function updateLocationDetails({
  locationId,
  ...body
}: LocationUpdate & { locationId: number }): Promise<LocationDetails> {
  return quietApi.put<LocationDetails>(`nine/locations/${locationId}`, { json: body });
}

export function useUpdateLocationDetails() {
  return useInvalidatingMutation(updateLocationDetails, [locationDetailsQueryKey], { awaitRefetch: true });
}
