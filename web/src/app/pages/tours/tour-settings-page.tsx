import { grants } from '@nine/shared/permissions';
import { useLocation, useRoute } from 'wouter';
import { useGeneralSettings } from '../../../features/settings/api/get-general-settings.ts';
import { useSession } from '../../../features/session/session-context.tsx';
import {
  isTourSettingsTab,
  TourSettingsScreen,
  type TourSettingsTab,
} from '../../../features/tours/settings/tour-settings-screen.tsx';
import { findRoute, pathTo, pathWith } from '../../route-table.ts';
import { useViewerPermissions } from '../../use-viewer-permissions.ts';

function TourSettings({ variant }: { variant: 'tabs' | 'classic' }) {
  const session = useSession();
  const permissions = useViewerPermissions() ?? [];
  const locationId = session?.locationId ?? null;
  const settings = useGeneralSettings(locationId).data;
  // pages render outside a wouter <Route>, so the tab is matched here rather than read with useParams
  const [, params] = useRoute<{ tab?: string }>(findRoute('tourManagementSettingsTab')?.path ?? '/');
  const [, navigate] = useLocation();
  const asked = params?.tab;
  const tab: TourSettingsTab = isTourSettingsTab(asked) ? asked : 'general';
  if (locationId === null) return null;
  return (
    <TourSettingsScreen
      key={locationId}
      locationId={locationId}
      canEdit={grants(permissions, { resource: 'tour', action: 'manage' })}
      currencySymbol={settings?.currency_symbol ?? '$'}
      variant={variant}
      tab={tab}
      onTab={(next) =>
        navigate(
          next === 'general'
            ? pathTo('tourManagementSettings')
            : pathWith('tourManagementSettingsTab', { tab: next }),
        )
      }
    />
  );
}

/** tour-management/settings[/:tab]: the tour settings in tabs (general, locations, groups, terms, age groups). */
export function TourSettingsPage() {
  return <TourSettings variant="tabs" />;
}

/** tours/settings (legacy): the same sections stacked in the classic layout. */
export function TourSettingsClassicPage() {
  return <TourSettings variant="classic" />;
}
