import type { KioskChallenge } from '@nine/shared/schemas/settings';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { KioskChallenge } from '@nine/shared/schemas/settings';

export function requestKioskChallenge(): Promise<KioskChallenge> {
  return api.post<KioskChallenge>('nine/set-as-kiosk/challenge');
}

export function useRequestKioskChallenge() {
  return useMutation({ mutationFn: requestKioskChallenge });
}
