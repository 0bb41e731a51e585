import type { KioskRevoked } from '@nine/shared/schemas/settings';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

/**
 * Revokes a kiosk registration (location_setting change where the PC is registered): its device id may then
 * be registered again with a new key, after a reinstall for instance.
 */
export function revokeKioskDevice(id: number): Promise<KioskRevoked> {
  return api.post<KioskRevoked>(`nine/kiosk-devices/${id}/revoke`);
}

export function useRevokeKioskDevice() {
  return useInvalidatingMutation(revokeKioskDevice, [['kiosk-devices']], { awaitRefetch: true });
}
