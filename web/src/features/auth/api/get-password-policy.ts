import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordPolicy } from '@nine/shared/password-policy';
import { passwordPolicySchema } from '@nine/shared/schemas/auth';
import { invalidResponse, quietApi } from '../../../lib/api-client.ts';

export async function getPasswordPolicy({ signal }: { signal?: AbortSignal } = {}): Promise<PasswordPolicy> {
  const parsed = passwordPolicySchema.safeParse(
    await quietApi.get<unknown>('nine/user/password-policy', { signal }),
  );
  if (!parsed.success) throw invalidResponse();
  return parsed.data;
}

export const passwordPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['password-policy'],
    queryFn: ({ signal }) => getPasswordPolicy({ signal }),
    staleTime: 5 * 60_000,
  });

export function usePasswordPolicy() {
  return useQuery(passwordPolicyQueryOptions());
}
