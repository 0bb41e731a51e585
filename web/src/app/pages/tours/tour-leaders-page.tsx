import { grants } from '@nine/shared/permissions';
import { useSession } from '../../../features/session/session-context.tsx';
import { LeaderList } from '../../../features/tours/leaders/leader-list.tsx';
import { pathWith } from '../../route-table.ts';
import { useViewerPermissions } from '../../use-viewer-permissions.ts';

const leaderHref = (id: number) => pathWith('tourLeader', { id });

/** tour-management/leaders: the location's tour leaders; managers add them from the staff. */
export function TourLeadersPage() {
  const locationId = useSession()?.locationId ?? null;
  const permissions = useViewerPermissions() ?? [];
  return (
    <LeaderList
      key={locationId}
      locationId={locationId}
      canManage={grants(permissions, { resource: 'tour', action: 'manage' })}
      leaderHref={leaderHref}
    />
  );
}
