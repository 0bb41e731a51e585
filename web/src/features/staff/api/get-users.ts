import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type UserStatus = 'active' | 'inactive' | 'expired';

export interface UserRoleGrant {
  role_id: number;
  title: string;
  location_id: number;
  location: string;
}

export interface StaffUser {
  id: number;
  name: string;
  email: string;
  status: UserStatus;
  last_login_at: string | null;
  password_expired_at: string | null;
  created_at: string;
  expires_at: string | null;
  only_login_by_sso: boolean;
  has_access_key: boolean;
  roles: UserRoleGrant[];
}

export interface UserPage {
  rows: StaffUser[];
  total: number;
  page: number;
  page_size: number;
}

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
