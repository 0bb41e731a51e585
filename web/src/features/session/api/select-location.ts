import { quietApi } from '../../../lib/api-client.ts';
import { toLocationPermissions, type LocationPermissions } from '../permissions-cache.ts';

export interface SelectedLocation extends LocationPermissions {
  locationId: number;
}

interface RawSelectedLocation {
  location_id: number;
  permissions: { resource?: string | null; action: string }[];
  resources: string[];
}

/** Moves the session to the location on the server too; answers the permissions there. */
export async function selectLocation(locationId: number): Promise<SelectedLocation> {
  const data = await quietApi.get<RawSelectedLocation>(`nine/locations/${locationId}/select`);
  return { locationId: data.location_id, ...toLocationPermissions(data) };
}
