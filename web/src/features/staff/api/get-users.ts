import { useQuery } from '@tanstack/react-query';
import type { UserPage, UserStatus } from '@nine/shared/schemas/staff';
import { api, queryParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';

export type { StaffUser, UserPage, UserRoleGrant, UserStatus } from '@nine/shared/schemas/staff';

export interface UserListParams {
  page: number;
  page_size: number;
  search?: string;
  status?: UserStatus;
}

export const usersQueryKey = ['staff', 'users'] as const;

export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserPage> {
  return api.get<UserPage>('nine/users', { searchParams: queryParams(params), signal });
}

export const usersQueryOptions = (params: UserListParams) =>
  pageQueryOptions([...usersQueryKey, params] as const, (signal) => getUsers(params, signal));

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
