import { RecurringOrdersList } from '../../features/recurring/components/recurring-orders-list.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathWith } from '../route-table.ts';
import { useOrderScreen } from './use-order-screen.ts';

const orderHref = (id: number) => pathWith('rentOrder', { id });

/** active-recurring-orders. */
export function RecurringOrdersPage() {
  const { t } = useAppTranslation();
  const screen = useOrderScreen('sale');
  if (screen.locationId === null) return null;
  return (
    <RecurringOrdersList
      key={screen.locationId}
      title={t('fulfilment:titles.active_recurring_orders')}
      locationId={screen.locationId}
      currencySymbol={screen.currencySymbol}
      orderHref={orderHref}
      initialPageSize={screen.itemsPerPage}
    />
  );
}
