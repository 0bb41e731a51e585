import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Permission } from '@nine/shared/permissions';
import { api } from '../../../lib/api-client.ts';

export interface Role {
  id: number;
  title: string;
  permissions: Permission[];
  /** How many users hold the role in some location. */
  users: number;
}

export const rolesQueryKey = ['staff', 'roles'] as const;

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: rolesQueryKey,
    queryFn: ({ signal }) => api.get<Role[]>('nine/roles', { signal }),
  });

export function useRoles(enabled = true) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}
