import { grants, type Action, type Resource } from '@nine/shared/permissions';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useLocalSettings } from '../../features/settings/local-settings.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/**
 * What a screen takes from the session, the location's settings, this device's settings and the viewer's
 * permissions; each screen's hook picks its part, so features never reach for the session themselves.
 */
export function useScreenContext() {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const settings = useGeneralSettings(locationId).data;
  const local = useLocalSettings();
  const permissions = useViewerPermissions() ?? [];
  return {
    session,
    locationId,
    settings,
    local,
    currencySymbol: settings?.currency_symbol ?? '$',
    can: (resource: Resource, action: Action) => grants(permissions, { resource, action }),
  };
}
