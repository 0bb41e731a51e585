import { ORDER_RESOURCE, type OrderKind } from '../../features/orders/order-kind.ts';
import { useScreenContext } from './use-screen-context.ts';

/** What every order screen takes from the session and the settings; composed here, not in the feature. */
export function useOrderScreen(kind: OrderKind) {
  const { session, settings, local, ...screen } = useScreenContext();
  return {
    locationId: screen.locationId,
    userId: session?.login.user.id ?? 0,
    locations: session?.login.locations ?? [],
    currencySymbol: screen.currencySymbol,
    printHeader: (kind === 'sale' ? settings?.sale_order_print_header : settings?.order_print_header) ?? null,
    itemsPerPage: local.itemsPerPage,
    printWidth: local.orderPrintWidth,
    canChange: screen.can(ORDER_RESOURCE[kind], 'change'),
    canChangeCost: screen.can(ORDER_RESOURCE[kind], 'changeCost'),
    /** For file transfers (order photos), which do not go through the JSON client. */
    token: session?.login.token ?? '',
  };
}
