import { grants } from '@nine/shared/permissions';
import { useSession } from '../../../features/session/session-context.tsx';
import { LeaderDetail } from '../../../features/tours/leaders/leader-detail.tsx';
import { pathTo } from '../../route-table.ts';
import { useRouteId } from '../../use-route-id.ts';
import { useViewerPermissions } from '../../use-viewer-permissions.ts';

/** tour-management/leaders/:id: one leader's profile, skills, week, days off and departures. */
export function TourLeaderPage() {
  const id = useRouteId('tourLeader');
  const locationId = useSession()?.locationId ?? null;
  const permissions = useViewerPermissions() ?? [];
  if (id === null) return null;
  return (
    <LeaderDetail
      key={`${locationId}-${id}`}
      locationId={locationId}
      leaderId={id}
      canManage={grants(permissions, { resource: 'tour', action: 'manage' })}
      listHref={pathTo('tourLeaders')}
    />
  );
}
