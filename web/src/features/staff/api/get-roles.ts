import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@nine/shared/schemas/staff';
import { api } from '../../../lib/api-client.ts';

export type { Role } from '@nine/shared/schemas/staff';

export const rolesQueryKey = ['staff', 'roles'] as const;

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: rolesQueryKey,
    queryFn: ({ signal }) => api.get<Role[]>('nine/roles', { signal }),
  });

export function useRoles(enabled = true) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}
