import { CreateOrderScreen } from '../../features/orders/components/create-order-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathWith } from '../route-table.ts';
import { useOrderScreen } from './use-order-screen.ts';

const orderHref = (id: number) => pathWith('rentOrder', { id });

/** /create-order: customer, period, items by scan or search with the live quote, then the order. */
export function CreateOrderPage() {
  const { t } = useAppTranslation();
  const screen = useOrderScreen('rent');
  if (screen.locationId === null) return null;
  return (
    <CreateOrderScreen
      title={t('orders:titles.create_order')}
      locationId={screen.locationId}
      currencySymbol={screen.currencySymbol}
      orderHref={orderHref}
    />
  );
}
