import { OrderView } from '../../features/orders/components/order-view.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useRouteId } from '../use-route-id.ts';
import { NotFoundPage } from './not-found-page.tsx';
import { OrderPaymentPanels, useReturnDeposit, useTakePayment } from './payment-panels-page.tsx';
import { useOrderScreen } from './use-order-screen.ts';

export function SaleOrderPage() {
  const { t } = useAppTranslation();
  const id = useRouteId('saleOrder');
  const screen = useOrderScreen('sale');
  const deposit = useReturnDeposit(id ?? 0);
  const payment = useTakePayment(id ?? 0);
  if (id === null) return <NotFoundPage />;
  if (screen.locationId === null) return null;
  return (
    <>
      <OrderView
        key={`${screen.locationId}:${id}`}
        kind="sale"
        id={id}
        locationId={screen.locationId}
        currencySymbol={screen.currencySymbol}
        canChange={screen.canChange}
        canChangeCost={screen.canChangeCost}
        token={screen.token}
        {...(deposit.onReturnDeposit ? { onReturnDeposit: deposit.onReturnDeposit } : {})}
        {...(payment.onTakePayment ? { onTakePayment: payment.onTakePayment } : {})}
        listHref={pathTo('saleOrders')}
        printLinks={[
          { label: t('orders:view.print'), href: pathWith('saleOrderPrint', { id }) },
          { label: t('orders:view.print_55mm'), href: pathWith('saleOrderPrint55mm', { id }) },
        ]}
      />
      <OrderPaymentPanels
        key={`money:${screen.locationId}:${id}`}
        kind="sale"
        id={id}
        returnDepositRequest={deposit.request}
        takePaymentRequest={payment.request}
      />
    </>
  );
}
