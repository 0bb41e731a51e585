import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessPolicy } from '@nine/shared/schemas/staff';
import { api } from '../../../lib/api-client.ts';

export interface AccessPolicyBody {
  auto_logout_minutes: number;
  wrong_access_key_threshold: number;
  wrong_access_key_ttl_minutes: number;
  wrong_password_threshold: number;
  wrong_password_ttl_minutes: number;
  password_expiry_days: number;
  password_reuse_limit: number;
  password_min_length: number;
  password_max_length: number;
  password_require_capital: boolean;
  password_require_number: boolean;
  password_require_special: boolean;
  refund_level1_minor: number;
  refund_level2_minor: number;
}

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
