import { grants } from '@nine/shared/permissions';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useLocalSettings } from '../../features/settings/local-settings.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/** What the customer and partner screens take from the session, settings and permissions. */
export function useCustomerScreen() {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const settings = useGeneralSettings(locationId).data;
  const local = useLocalSettings();
  const permissions = useViewerPermissions() ?? [];
  return {
    locationId,
    currencySymbol: settings?.currency_symbol ?? '$',
    itemsPerPage: local.itemsPerPage,
    canViewCustomers: grants(permissions, { resource: 'customer', action: 'view' }),
    canChangeCustomers: grants(permissions, { resource: 'customer', action: 'change' }),
    canViewPartners: grants(permissions, { resource: 'coupon', action: 'view' }),
    canChangePartners: grants(permissions, { resource: 'coupon', action: 'change' }),
  };
}
