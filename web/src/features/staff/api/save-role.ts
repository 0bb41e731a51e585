import type { Permission } from '@nine/shared/permissions';
import { quietApi } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/invalidating-mutation.ts';
import { rolesQueryKey } from './get-roles.ts';

export interface RoleBody {
  title: string;
  permissions: Permission[];
}

/** POST /api/nine/roles or PUT /api/nine/roles/:id; the server refuses grants the actor does not hold. */
export function saveRole(id: number | null, body: RoleBody): Promise<RoleBody & { id: number }> {
  return id === null
    ? quietApi.post('nine/roles', { json: body })
    : quietApi.put(`nine/roles/${id}`, { json: body });
}

export function useSaveRole(id: number | null) {
  // Users show their roles' titles.
  return useInvalidatingMutation((body: RoleBody) => saveRole(id, body), [rolesQueryKey, ['staff', 'users']]);
}
