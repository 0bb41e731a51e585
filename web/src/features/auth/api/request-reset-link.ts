import { useMutation } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';

/** The server answers the same whether or not the address has an account. */
export async function requestResetLink(email: string): Promise<void> {
  await quietApi.post<unknown>('nine/user/reset-password-link', { json: { email } });
}

export function useRequestResetLink() {
  return useMutation({ mutationFn: requestResetLink });
}
