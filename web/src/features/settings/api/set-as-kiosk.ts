import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface KioskResult {
  location_id: number;
  used_in_store: boolean;
  kiosk_device_id?: number | null;
}

/** The counter PC's identity from the hardware agent (kiosk-identity with enroll): the server checks its proof. */
export interface KioskDevice {
  deviceId: string;
  name: string;
  nonce: string;
  proof: string;
  secret: string;
}

/**
 * Marks the location's counter as used in store (kiosk mode); needs location_setting change. With the
 * agent's device identity the server also registers that PC as the location's kiosk.
 */
export function setAsKiosk(
  input: boolean | { usedInStore: boolean; device?: KioskDevice },
): Promise<KioskResult> {
  const { usedInStore, device } =
    typeof input === 'boolean' ? { usedInStore: input, device: undefined } : input;
  return api.post<KioskResult>('nine/set-as-kiosk', {
    json: { used_in_store: usedInStore, ...(device ? { device } : {}) },
  });
}

export function useSetAsKiosk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAsKiosk,
    onSuccess: (result) =>
      queryClient.invalidateQueries({ queryKey: ['general-settings', result.location_id] }),
  });
}
