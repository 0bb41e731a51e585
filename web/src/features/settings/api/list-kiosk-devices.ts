import { queryOptions, useQuery } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';

/** A counter PC registered as a kiosk at the location, revoked ones included (newest first). */
export interface KioskDeviceRow {
  id: number;
  device_id: string | null;
  name: string;
  /** The first 16 hex digits of the SHA-256 of its public key; null for a registration from before keys. */
  key_fingerprint: string | null;
  registered_at: string;
  revoked_at: string | null;
}

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
  return useQuery({ ...kioskDevicesQueryOptions(locationId ?? 0), enabled: enabled && locationId !== null });
}
