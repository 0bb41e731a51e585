import type { KioskDeviceRow } from '@nine/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { KioskDeviceRow } from '@nine/shared/schemas/settings';

/**
 * Quiet: the list is an aside of the local settings page; when it cannot be read the kiosk section simply
 * shows no list, rather than a failure toast over what the user is doing.
 */
export function listKioskDevices({ signal }: { signal?: AbortSignal } = {}): Promise<KioskDeviceRow[]> {
  return quietApi.get<KioskDeviceRow[]>('nine/kiosk-devices', { signal });
}

export const kioskDevicesQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['kiosk-devices', locationId],
    queryFn: ({ signal }) => listKioskDevices({ signal }),
  });

export function useKioskDevices(locationId: number | null, { enabled = true } = {}) {
  return useLocationQuery(locationId, kioskDevicesQueryOptions, enabled);
}
