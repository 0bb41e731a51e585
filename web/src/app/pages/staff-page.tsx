import { useLocation, useSearch } from 'wouter';
import { StaffScreen, type StaffTab } from '../../features/staff/components/staff-screen.tsx';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { pathTo } from '../route-table.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/** usersManagement and rolesManagement share one screen (spec): the route picks the first tab. */
function StaffPage({ route }: { route: 'users' | 'roles' }) {
  const session = useSession();
  const held = useViewerPermissions() ?? [];
  const settings = useGeneralSettings(session?.locationId ?? null).data;
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const tab: StaffTab = route === 'roles' ? 'roles' : search.get('tab') === 'policies' ? 'policies' : 'users';
  const onTab = (next: StaffTab) => {
    if (next === 'roles') navigate(pathTo('rolesManagement'));
    else
      navigate(next === 'policies' ? `${pathTo('usersManagement')}?tab=policies` : pathTo('usersManagement'));
  };
  return (
    <StaffScreen
      tab={tab}
      onTab={onTab}
      held={held}
      currentUserId={session?.login.user.id ?? 0}
      locations={session?.login.locations ?? []}
      currencySymbol={settings?.currency_symbol ?? '$'}
    />
  );
}

export const UsersManagementPage = () => <StaffPage route="users" />;
export const RolesManagementPage = () => <StaffPage route="roles" />;
