import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import {
  cachedPermissions,
  type CachedPermissions,
  cachePermissions,
  toLocationPermissions,
  type LocationPermissions,
} from '../permissions-cache.ts';

export type { LocationPermissions };

interface RawLocationPermissions {
  permissions: { resource?: string | null; action: string }[];
  resources: string[];
}

export async function getLocationPermissions({
  signal,
}: { signal?: AbortSignal } = {}): Promise<LocationPermissions> {
  const data = await api.get<RawLocationPermissions>('nine/user/location-permissions', { signal });
  return toLocationPermissions(data);
}

export const locationPermissionsQueryKey = (userId: number, locationId: number | null) =>
  ['location-permissions', userId, locationId] as const;

/**
 * Keyed by user and location: switching either refetches (spec section 6). The local copy answers at
 * once after a reload, and is refreshed in the background once it is older than the stale time.
 */
export const locationPermissionsQueryOptions = (userId: number, locationId: number | null) => {
  let cached: CachedPermissions | undefined | null = null;
  const stored = () => (cached === null ? (cached = cachedPermissions(userId, locationId)) : cached);
  return queryOptions({
    queryKey: locationPermissionsQueryKey(userId, locationId),
    queryFn: async ({ signal }) => {
      const fresh = await getLocationPermissions({ signal });
      cachePermissions(userId, locationId, fresh);
      return fresh;
    },
    staleTime: 5 * 60_000,
    // Functions, so storage is read when the query is created, not on every render that asks.
    initialData: () => stored(),
    initialDataUpdatedAt: () => stored()?.savedAt,
  });
};

export function useLocationPermissions(scope: { userId: number; locationId: number | null } | null) {
  return useQuery({
    ...locationPermissionsQueryOptions(scope?.userId ?? 0, scope?.locationId ?? null),
    enabled: scope !== null,
  });
}
