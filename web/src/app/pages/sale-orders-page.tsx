import { ExportButton } from '../../components/export-dialog.tsx';
import { OrderList } from '../../features/orders/components/order-list.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useOrderScreen } from './use-order-screen.ts';

const orderHref = (id: number) => pathWith('saleOrder', { id });
const printHref = (id: number) => pathWith('saleOrderPrint', { id });

export function SaleOrdersPage() {
  const { t } = useAppTranslation();
  const screen = useOrderScreen('sale');
  return (
    <OrderList
      kind="sale"
      title={t('orders:titles.sale_orders')}
      locationId={screen.locationId}
      userId={screen.userId}
      locations={screen.locations}
      currencySymbol={screen.currencySymbol}
      defaultPageSize={screen.itemsPerPage}
      orderHref={orderHref}
      printHref={printHref}
      toolbar={(params) => (
        <ExportButton
          source="sale-orders"
          downloadCenterHref={pathTo('downloadCenter')}
          filters={params}
          defaultDescription={t('orders:titles.sale_orders')}
        />
      )}
    />
  );
}
