import type { KioskResult } from '@nine/shared/schemas/settings';
import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';

export type { KioskResult } from '@nine/shared/schemas/settings';

/**
 * The counter PC's answer to a server challenge (the agent's kiosk-identity): its device id and Ed25519 public
 * key, and its signature of the challenge. The server checks the signature and keeps only the public key.
 */
export interface KioskDevice {
  deviceId: string;
  name: string;
  publicKey: string;
  /** From set-as-kiosk/challenge; one use. */
  challengeId: string;
  signature: string;
}

/**
 * Marks the location's counter as used in store (kiosk mode); needs location_setting change. With the
 * agent's signed answer the server also registers that PC as the location's kiosk.
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
  return useInvalidatingMutation(
    setAsKiosk,
    (result) => [
      ['general-settings', result.location_id],
      ['kiosk-devices', result.location_id],
    ],
    { awaitRefetch: true },
  );
}
