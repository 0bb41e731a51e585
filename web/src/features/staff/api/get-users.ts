import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPage, UserStatus } from '@nine/shared/schemas/staff';
import { api } from '../../../lib/api-client.ts';

export type { StaffUser, UserPage, UserRoleGrant, UserStatus } from '@nine/shared/schemas/staff';

export interface UserListParams {
  page: number;
  page_size: number;
  search?: string;
  status?: UserStatus;
}

export const usersQueryKey = ['staff', 'users'] as const;

export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  const searchParams: Record<string, string | number> = { page: params.page, page_size: params.page_size };
  if (params.search) searchParams.search = params.search;
  if (params.status) searchParams.status = params.status;
  return api.get<UserPage>('nine/users', { searchParams, signal });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, params] as const,
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
