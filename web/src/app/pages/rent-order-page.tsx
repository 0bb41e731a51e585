import { useAppTranslation } from '../../lib/i18n.ts';
import { OrderPage } from './order-page.tsx';
import { RecurringAutoBillingPanel } from './recurring-auto-billing-panel.tsx';

export function RentOrderPage() {
  const { t } = useAppTranslation();
  return (
    <OrderPage
      kind="rent"
      printLabel={t('orders:view.print_a4')}
      panels={({ locationId, id }) => (
        <RecurringAutoBillingPanel key={`billing:${locationId}:${id}`} locationId={locationId} orderId={id} />
      )}
    />
  );
}
