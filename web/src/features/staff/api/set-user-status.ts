import { api } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { usersQueryKey, type StaffUser } from './get-users.ts';

/** POST /api/nine/users/:id/activate or /deactivate; deactivation ends the user's sessions at once. */
export function setUserStatus(id: number, active: boolean): Promise<StaffUser> {
  return api.post<StaffUser>(`nine/users/${id}/${active ? 'activate' : 'deactivate'}`);
}

export function useSetUserStatus() {
  return useInvalidatingMutation(
    ({ id, active }: { id: number; active: boolean }) => setUserStatus(id, active),
    [usersQueryKey],
  );
}
