import { QuickSaleScreen } from '../../features/orders/components/quick-sale-screen.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathWith } from '../route-table.ts';
import { useOrderScreen } from './use-order-screen.ts';

const orderHref = (id: number) => pathWith('saleOrder', { id });
const printHref = (id: number) => pathWith('saleOrderPrint', { id });

/** sale-orders/new: the scan-first counter screen (sale-orders/:id never matches the non-numeric "new"). */
export function QuickSalePage() {
  const { t } = useAppTranslation();
  const screen = useOrderScreen('sale');
  return (
    <QuickSaleScreen
      title={t('orders:titles.quick_sale')}
      currencySymbol={screen.currencySymbol}
      orderHref={orderHref}
      printHref={printHref}
    />
  );
}
