import { queryOptions, useQuery } from '@tanstack/react-query';
import { ssoCheckResponse, type SsoCheckResponse } from '@nine/shared/schemas/auth';
import { invalidResponse, quietApi } from '../../../lib/api-client.ts';

export async function checkSso(
  email: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SsoCheckResponse> {
  const data = await quietApi.post<unknown>('nine/user/sso/check', { signal, searchParams: { email } });
  const parsed = ssoCheckResponse.safeParse(data);
  if (!parsed.success) throw invalidResponse();
  return parsed.data;
}

export const ssoCheckQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['sso-check', email],
    queryFn: ({ signal }) => checkSso(email, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });

const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** Whether the e-mail entered may or must sign in through single sign-on; asked once it looks complete. */
export function useSsoCheck(email: string) {
  const normalized = email.trim().toLowerCase();
  return useQuery({ ...ssoCheckQueryOptions(normalized), enabled: looksLikeEmail(normalized) });
}
