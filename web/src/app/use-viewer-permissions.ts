import type { Permission } from '@nine/shared/permissions';
import { useLocationPermissions } from '../features/session/api/get-location-permissions.ts';
import { useSession, useSessionStatus } from '../features/session/session-context.tsx';

/** The signed-in user's permissions in the current location; undefined while loading, none on failure. */
export function useViewerPermissions(): readonly Permission[] | undefined {
  const status = useSessionStatus();
  const session = useSession();
  const signedIn = status === 'signedIn' && session !== null;
  const query = useLocationPermissions(
    signedIn ? { userId: session.login.user.id, locationId: session.locationId } : null,
  );
  if (!signedIn) return undefined;
  return query.isError ? [] : query.data?.permissions;
}
