import { grants } from '@nine/shared/permissions';
import { useGeneralSettings } from '../../features/settings/api/get-general-settings.ts';
import { useLocalSettings } from '../../features/settings/local-settings.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { ORDER_RESOURCE, type OrderKind } from '../../features/orders/order-kind.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';

/** What every order screen takes from the session and the settings; composed here, not in the feature. */
export function useOrderScreen(kind: OrderKind) {
  const session = useSession();
  const locationId = session?.locationId ?? null;
  const settings = useGeneralSettings(locationId).data;
  const local = useLocalSettings();
  const permissions = useViewerPermissions() ?? [];
  return {
    locationId,
    userId: session?.login.user.id ?? 0,
    locations: session?.login.locations ?? [],
    currencySymbol: settings?.currency_symbol ?? '$',
    printHeader: (kind === 'sale' ? settings?.sale_order_print_header : settings?.order_print_header) ?? null,
    itemsPerPage: local.itemsPerPage,
    printWidth: local.orderPrintWidth,
    canChange: grants(permissions, { resource: ORDER_RESOURCE[kind], action: 'change' }),
    canChangeCost: grants(permissions, { resource: ORDER_RESOURCE[kind], action: 'changeCost' }),
    /** For file transfers (order photos), which do not go through the JSON client. */
    token: session?.login.token ?? '',
  };
}
