import type { ReactNode } from 'react';
import { OrderView } from '../../features/orders/components/order-view.tsx';
import type { OrderKind } from '../../features/orders/order-kind.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { OrderPaymentPanels, useReturnDeposit, useTakePayment } from './payment-panels-page.tsx';
import { useOrderScreen } from './use-order-screen.ts';

/** The routes of one kind of order: its view, its list, and its A4 and 55 mm prints. */
const ORDER_ROUTES = {
  rent: { view: 'rentOrder', list: 'rentOrders', print: 'rentOrderPrint', print55mm: 'rentOrderPrint55mm' },
  sale: { view: 'saleOrder', list: 'saleOrders', print: 'saleOrderPrint', print55mm: 'saleOrderPrint55mm' },
} as const;

/**
 * An order's page: its view with the payment panels below, composed from the orders and payments
 * features. `panels` go between the two (a rent order's auto billing).
 */
export function OrderPage({
  kind,
  printLabel,
  panels,
}: {
  kind: OrderKind;
  /** The A4 print link's words. */
  printLabel: string;
  panels?: (at: { locationId: number; id: number }) => ReactNode;
}) {
  const { t } = useAppTranslation();
  const routes = ORDER_ROUTES[kind];
  const id = useRouteId(routes.view);
  const screen = useOrderScreen(kind);
  const deposit = useReturnDeposit(id ?? 0);
  const payment = useTakePayment(id ?? 0);
  if (id === null) return <NotFoundPage />;
  if (screen.locationId === null) return null;
  return (
    <>
      <OrderView
        // A different order is a fresh view: its own action flow and note drafts.
        key={`${screen.locationId}:${id}`}
        kind={kind}
        id={id}
        locationId={screen.locationId}
        currencySymbol={screen.currencySymbol}
        canChange={screen.canChange}
        canChangeCost={screen.canChangeCost}
        token={screen.token}
        {...(deposit.onReturnDeposit ? { onReturnDeposit: deposit.onReturnDeposit } : {})}
        {...(payment.onTakePayment ? { onTakePayment: payment.onTakePayment } : {})}
        listHref={pathTo(routes.list)}
        printLinks={[
          { label: printLabel, href: pathWith(routes.print, { id }) },
          { label: t('orders:view.print_55mm'), href: pathWith(routes.print55mm, { id }) },
        ]}
      />
      {panels?.({ locationId: screen.locationId, id })}
      <OrderPaymentPanels
        key={`money:${screen.locationId}:${id}`}
        kind={kind}
        id={id}
        returnDepositRequest={deposit.request}
        takePaymentRequest={payment.request}
      />
    </>
  );
}
