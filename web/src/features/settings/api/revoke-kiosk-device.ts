import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * Revokes a kiosk registration (location_setting change where the PC is registered): its device id may then
 * be registered again with a new key, after a reinstall for instance.
 */
export function revokeKioskDevice(id: number): Promise<{ id: number; revoked_at: string }> {
  return api.post<{ id: number; revoked_at: string }>(`nine/kiosk-devices/${id}/revoke`);
}

export function useRevokeKioskDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeKioskDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kiosk-devices'] }),
  });
}
