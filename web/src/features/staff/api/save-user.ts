import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { usersQueryKey, type StaffUser } from './get-users.ts';

export interface RoleAssignment {
  role_id: number;
  location_id: number;
}

export interface UserCreateBody {
  name: string;
  email: string;
  password?: string;
  only_login_by_sso: boolean;
  expires_at: string | null;
  roles: RoleAssignment[];
}

export interface UserUpdateBody {
  name?: string;
  only_login_by_sso?: boolean;
  expires_at?: string | null;
  password_expired_at?: string | null;
  roles?: RoleAssignment[];
}

/** POST /api/nine/users, or PATCH /api/nine/users/:id; the form shows its own failures. */
export function saveUser(id: number | null, body: UserCreateBody | UserUpdateBody): Promise<StaffUser> {
  return id === null
    ? quietApi.post<StaffUser>('nine/users', { json: body })
    : quietApi.patch<StaffUser>(`nine/users/${id}`, { json: body });
}

export function useSaveUser(id: number | null) {
  // Role user counts change with assignments.
  return useInvalidatingMutation(
    (body: UserCreateBody | UserUpdateBody) => saveUser(id, body),
    [usersQueryKey, ['staff', 'roles']],
  );
}
