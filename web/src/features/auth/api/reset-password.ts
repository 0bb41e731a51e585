import { useMutation } from '@tanstack/react-query';
import { quietApi } from '../../../lib/api-client.ts';

export interface PasswordReset {
  token: string;
  password: string;
}

export async function resetPassword(reset: PasswordReset): Promise<void> {
  await quietApi.post<unknown>('nine/user/reset-password', { json: reset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
