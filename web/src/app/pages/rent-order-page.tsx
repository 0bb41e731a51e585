import { OrderView } from '../../features/orders/components/order-view.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { OrderPaymentPanels, useReturnDeposit, useTakePayment } from './payment-panels-page.tsx';
import { RecurringAutoBillingPanel } from './recurring-auto-billing-panel.tsx';
import { useOrderScreen } from './use-order-screen.ts';

export function RentOrderPage() {
  const { t } = useAppTranslation();
  const id = useRouteId('rentOrder');
  const screen = useOrderScreen('rent');
  const deposit = useReturnDeposit(id ?? 0);
  const payment = useTakePayment(id ?? 0);
  if (id === null) return <NotFoundPage />;
  if (screen.locationId === null) return null;
  return (
    <>
      <OrderView
        // A different order is a fresh view: its own action flow and note drafts.
        key={`${screen.locationId}:${id}`}
        kind="rent"
        id={id}
        locationId={screen.locationId}
        currencySymbol={screen.currencySymbol}
        canChange={screen.canChange}
        canChangeCost={screen.canChangeCost}
        token={screen.token}
        {...(deposit.onReturnDeposit ? { onReturnDeposit: deposit.onReturnDeposit } : {})}
        {...(payment.onTakePayment ? { onTakePayment: payment.onTakePayment } : {})}
        listHref={pathTo('rentOrders')}
        printLinks={[
          { label: t('orders:view.print_a4'), href: pathWith('rentOrderPrint', { id }) },
          { label: t('orders:view.print_55mm'), href: pathWith('rentOrderPrint55mm', { id }) },
        ]}
      />
      <RecurringAutoBillingPanel
        key={`billing:${screen.locationId}:${id}`}
        locationId={screen.locationId}
        orderId={id}
      />
      <OrderPaymentPanels
        key={`money:${screen.locationId}:${id}`}
        kind="rent"
        id={id}
        returnDepositRequest={deposit.request}
        takePaymentRequest={payment.request}
      />
    </>
  );
}
