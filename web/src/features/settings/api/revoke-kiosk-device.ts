import type { KioskRevoked } from '@nine/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Revokes a kiosk registration (location_setting change where the PC is registered): its device id may then
 * be registered again with a new key, after a reinstall for instance.
 */
export function revokeKioskDevice(id: number): Promise<KioskRevoked> {
  return api.post<KioskRevoked>(`nine/kiosk-devices/${id}/revoke`);
}

export function useRevokeKioskDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKioskDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kiosk-devices'] }),
  });
}
