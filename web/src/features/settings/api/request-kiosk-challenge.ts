import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A single-use challenge for the agent to sign, bound to this user and location; it expires in two minutes. */
export interface KioskChallenge {
  challenge_id: string;
  challenge: string;
  location_id: number;
  expires_at: string;
}

export function requestKioskChallenge(): Promise<KioskChallenge> {
  return api.post<KioskChallenge>('nine/set-as-kiosk/challenge');
}

export function useRequestKioskChallenge() {
  return useMutation({ mutationFn: requestKioskChallenge });
}
