import { isAction, isResource, type Permission } from '@nine/shared/permissions';
import { loadSecure, readSecure, removeSecure, writeSecure } from '../../lib/secure-storage.ts';

/** The permissions of one user in one location, as the server last answered them. */
export interface LocationPermissions {
  permissions: Permission[];
  resources: string[];
}

export interface CachedPermissions extends LocationPermissions {
  /** Epoch milliseconds of the answer, so the query knows how stale the copy is. */
  savedAt: number;
}

const STORAGE_KEY = 'nine.permissions';

type Cache = Record<string, CachedPermissions>;

const entryKey = (userId: number, locationId: number | null) => `${userId}:${locationId ?? '-'}`;

/** Raw permission records from the server; one without a known resource grants nothing checkable. */
export function toLocationPermissions(raw: {
  permissions: { resource?: string | null; action: string }[];
  resources: string[];
}): LocationPermissions {
  const permissions = raw.permissions.flatMap((p) =>
    p.resource != null && isResource(p.resource) && isAction(p.action)
      ? [{ resource: p.resource, action: p.action }]
      : [],
  );
  return { permissions, resources: raw.resources };
}

function readCache(): Cache {
  const raw = readSecure(STORAGE_KEY);
  if (raw === null) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Cache) : {};
  } catch {
    return {};
  }
}

export async function hydratePermissionsCache(): Promise<void> {
  await loadSecure(STORAGE_KEY);
}

export function cachedPermissions(userId: number, locationId: number | null): CachedPermissions | undefined {
  const entry = readCache()[entryKey(userId, locationId)];
  if (entry === undefined || !Array.isArray(entry.permissions) || typeof entry.savedAt !== 'number')
    return undefined;
  return { ...toLocationPermissions(entry), savedAt: entry.savedAt };
}

export function cachePermissions(
  userId: number,
  locationId: number | null,
  value: LocationPermissions,
  savedAt: number = Date.now(),
): void {
  const cache = readCache();
  cache[entryKey(userId, locationId)] = { ...value, savedAt };
  writeSecure(STORAGE_KEY, JSON.stringify(cache));
}

/** Forgotten with the session: the next person at this device must not inherit them. */
export function clearPermissionsCache(): void {
  removeSecure(STORAGE_KEY);
}
