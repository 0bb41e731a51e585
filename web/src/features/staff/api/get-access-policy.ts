import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessPolicy, AccessPolicyUpdate } from '@nine/shared/schemas/staff';
import { api } from '../../../lib/api-client.ts';

/** What PUT /api/nine/access-policy takes: the shared schema's type, not a copy of it. */
export type AccessPolicyBody = AccessPolicyUpdate;

export type { AccessPolicy } from '@nine/shared/schemas/staff';

export const accessPolicyQueryKey = ['staff', 'access-policy'] as const;

/** GET /api/nine/access-policy. */
export function useAccessPolicy() {
  return useQuery(
    queryOptions({
      queryKey: accessPolicyQueryKey,
      queryFn: ({ signal }) => api.get<AccessPolicy>('nine/access-policy', { signal }),
    }),
  );
}
