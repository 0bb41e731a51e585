import { grants, type Resource } from '@nine/shared/permissions';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useLocalSettings } from '../../features/settings/local-settings.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/** What the inventory screens take from the session and settings; composed here, not in the feature. */
export function useInventoryScreen(resource: Resource = 'inventory') {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const settings = useGeneralSettings(locationId).data;
  const local = useLocalSettings();
  const permissions = useViewerPermissions() ?? [];
  return {
    locationId,
    locations: session?.login.locations ?? [],
    currencySymbol: settings?.currency_symbol ?? '$',
    itemsPerPage: local.itemsPerPage,
    canChange: grants(permissions, { resource, action: 'change' }),
  };
}
