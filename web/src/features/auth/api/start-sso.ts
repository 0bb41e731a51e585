import { useMutation } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';

export interface SsoStart {
  provider: string;
  email?: string;
}

/** Asks the server for the provider's authorization URL; the browser then goes there. */
export async function startSso({ provider, email }: SsoStart): Promise<string> {
  const data = await quietApi.post<{ authorization_url: string }>('nine/user/sso/login', {
    json: email ? { provider, email } : { provider },
  });
  return data.authorization_url;
}

export function useStartSso(navigate: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: startSso, onSuccess: navigate });
}
