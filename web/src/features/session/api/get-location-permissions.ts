import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAction, isResource, type Permission } from '@nine/shared/permissions';
import { api } from '../../../lib/api-client.ts';

export interface LocationPermissions {
  permissions: Permission[];
  resources: string[];
}

interface RawLocationPermissions {
  permissions: { resource?: string | null; action: string }[];
  resources: string[];
}

export async function getLocationPermissions({
  signal,
}: { signal?: AbortSignal } = {}): Promise<LocationPermissions> {
  const data = await api.get<RawLocationPermissions>('nine/user/location-permissions', { signal });
  // A record without a known resource grants nothing the client can check, so it is dropped.
  const permissions = data.permissions.flatMap((p) =>
    p.resource != null && isResource(p.resource) && isAction(p.action)
      ? [{ resource: p.resource, action: p.action }]
      : [],
  );
  return { permissions, resources: data.resources };
}

/** Keyed by user and location: switching either refetches (spec section 6). */
export const locationPermissionsQueryOptions = (userId: number, locationId: number | null) =>
  queryOptions({
    queryKey: ['location-permissions', userId, locationId],
    queryFn: ({ signal }) => getLocationPermissions({ signal }),
    staleTime: 5 * 60_000,
  });

export function useLocationPermissions(scope: { userId: number; locationId: number | null } | null) {
  return useQuery({
    ...locationPermissionsQueryOptions(scope?.userId ?? 0, scope?.locationId ?? null),
    enabled: scope !== null,
  });
}
