import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCATION_HEADER } from '@nine/shared/constants';
import { grants, isAction, isResource, type Permission } from '@nine/shared/permissions';
import { api } from '../../../lib/api-client.ts';

interface RawPermissions {
  permissions: { resource?: string | null; action: string }[];
}

/**
 * GET /api/nine/user/location-permissions as another location answers it (its location header): whether
 * the user may change that location's settings, for the Location settings page's location picker.
 */
export async function getSettingRights(locationId: number, { signal }: { signal?: AbortSignal } = {}) {
  const raw = await api.get<RawPermissions>('nine/user/location-permissions', {
    signal,
    headers: { [LOCATION_HEADER]: String(locationId) },
  });
  const held: Permission[] = raw.permissions.flatMap((p) =>
    p.resource != null && isResource(p.resource) && isAction(p.action)
      ? [{ resource: p.resource, action: p.action }]
      : [],
  );
  return { canChange: grants(held, { resource: 'location_setting', action: 'change' }) };
}

export const settingRightsQueryOptions = (userId: number, locationId: number) =>
  queryOptions({
    queryKey: ['location-setting-rights', userId, locationId],
    queryFn: ({ signal }) => getSettingRights(locationId, { signal }),
    staleTime: 5 * 60_000,
  });

/** Off (`null`) for the session's own location, whose permissions the session already holds. */
export function useSettingRights(scope: { userId: number; locationId: number } | null) {
  return useQuery({
    ...settingRightsQueryOptions(scope?.userId ?? 0, scope?.locationId ?? 0),
    enabled: scope !== null,
  });
}
