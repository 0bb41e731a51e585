import { ExportButton } from '../../components/export-dialog.tsx';
import { OrderList } from '../../features/orders/components/order-list.tsx';
import { useAppTranslation } from '../../lib/i18n.ts';
import { NewRentOrderButton } from '../new-rent-order.tsx';
import { pathTo, pathWith } from '../route-table.ts';
import { useOrderScreen } from './use-order-screen.ts';

const orderHref = (id: number) => pathWith('rentOrder', { id });
const printHref = (id: number) => pathWith('rentOrderPrint', { id });

export function RentOrdersPage() {
  const { t } = useAppTranslation();
  const screen = useOrderScreen('rent');
  return (
    <OrderList
      kind="rent"
      title={t('orders:titles.rent_orders')}
      locationId={screen.locationId}
      userId={screen.userId}
      locations={screen.locations}
      currencySymbol={screen.currencySymbol}
      defaultPageSize={screen.itemsPerPage}
      orderHref={orderHref}
      printHref={printHref}
      toolbar={(params) => (
        <>
          <NewRentOrderButton />
          <ExportButton
            source="rent-orders"
            downloadCenterHref={pathTo('downloadCenter')}
            filters={params}
            defaultDescription={t('orders:titles.rent_orders')}
          />
        </>
      )}
    />
  );
}
