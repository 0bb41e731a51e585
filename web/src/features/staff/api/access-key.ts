import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { usersQueryKey } from './get-users.ts';

/** PUT /api/nine/users/:id/access-key (stored hashed), or DELETE to reset it; the dialog shows failures. */
export function changeAccessKey(id: number, accessKey: string | null): Promise<{ ok: boolean }> {
  return accessKey === null
    ? quietApi.delete<{ ok: boolean }>(`nine/users/${id}/access-key`)
    : quietApi.put<{ ok: boolean }>(`nine/users/${id}/access-key`, { json: { access_key: accessKey } });
}

export function useChangeAccessKey(id: number) {
  return useInvalidatingMutation(
    (accessKey: string | null) => changeAccessKey(id, accessKey),
    [usersQueryKey],
  );
}
