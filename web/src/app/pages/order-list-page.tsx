import type { ReactNode } from 'react';
import { ExportButton } from '../../components/export-dialog.tsx';
import { OrderList } from '../../features/orders/components/order-list.tsx';
import type { OrderKind } from '../../features/orders/order-kind.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useOrderScreen } from './use-order-screen.ts';

const LIST = {
  rent: { title: 'orders:titles.rent_orders', source: 'rent-orders' },
  sale: { title: 'orders:titles.sale_orders', source: 'sale-orders' },
} as const;

// Made once, so the list's links keep their identity across renders.
const orderHref = {
  rent: (id: number) => pathWith('rentOrder', { id }),
  sale: (id: number) => pathWith('saleOrder', { id }),
};
const printHref = {
  rent: (id: number) => pathWith('rentOrderPrint', { id }),
  sale: (id: number) => pathWith('saleOrderPrint', { id }),
};

/** A list of rent or sale orders with its export; `actions` go before the export button. */
export function OrderListPage({ kind, actions }: { kind: OrderKind; actions?: ReactNode }) {
  const { t } = useAppTranslation();
  const screen = useOrderScreen(kind);
  const list = LIST[kind];
  return (
    <OrderList
      kind={kind}
      title={t(list.title)}
      locationId={screen.locationId}
      userId={screen.userId}
      locations={screen.locations}
      currencySymbol={screen.currencySymbol}
      defaultPageSize={screen.itemsPerPage}
      orderHref={orderHref[kind]}
      printHref={printHref[kind]}
      toolbar={(params) => (
        <>
          {actions}
          <ExportButton
            source={list.source}
            downloadCenterHref={pathTo('downloadCenter')}
            filters={params}
            defaultDescription={t(list.title)}
          />
        </>
      )}
    />
  );
}
