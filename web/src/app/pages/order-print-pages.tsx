import { OrderPrint, type PrintWidth } from '../../features/orders/print/order-print.tsx';
import type { OrderKind } from '../../features/orders/order-kind.ts';
import { pathWith, type RouteName } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { useOrderScreen } from './use-order-screen.ts';

function PrintPage({ kind, route, width }: { kind: OrderKind; route: RouteName; width?: PrintWidth }) {
  const id = useRouteId(route);
  const screen = useOrderScreen(kind);
  if (id === null) return <NotFoundPage />;
  if (screen.locationId === null) return null;
  // Sale orders print at the device's order print width (local settings); rent orders by route.
  const deviceWidth: PrintWidth = screen.printWidth === 'full' ? 'a4' : screen.printWidth;
  return (
    <OrderPrint
      kind={kind}
      id={id}
      locationId={screen.locationId}
      width={width ?? deviceWidth}
      header={screen.printHeader}
      currencySymbol={screen.currencySymbol}
      backHref={pathWith(kind === 'rent' ? 'rentOrder' : 'saleOrder', { id })}
    />
  );
}

/** rent-orders/:id/print: A4. */
export function RentOrderPrintPage() {
  return <PrintPage kind="rent" route="rentOrderPrint" width="a4" />;
}

/** rent-orders/:id/print-55mm: the 55 mm receipt width. */
export function RentOrderPrint55mmPage() {
  return <PrintPage kind="rent" route="rentOrderPrint55mm" width="55mm" />;
}

/** sale-orders/:id/print. */
export function SaleOrderPrintPage() {
  return <PrintPage kind="sale" route="saleOrderPrint" />;
}
