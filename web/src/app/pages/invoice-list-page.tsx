import { grants } from '@nine/shared/permissions';
import type { InvoiceRow } from '@nine/shared/schemas/invoices';
import { InvoiceList } from '../../features/invoices/components/invoice-list.tsx';
import type { InvoiceListKind } from '../../features/invoices/invoice-kind.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathWith } from '../route-table.ts';
import { useViewerPermissions } from '../use-viewer-permissions.ts';
import { useScreenContext } from './use-screen-context.ts';

const invoiceHref = (id: number) => pathWith('invoice', { id });

/** The order screen of an invoice's order, when the viewer may open that kind of order. */
export function useInvoiceOrderHref() {
  const permissions = useViewerPermissions() ?? [];
  const canRent = grants(permissions, { resource: 'rent_order', action: 'any' });
  const canSale = grants(permissions, { resource: 'sell_order', action: 'any' });
  return (invoice: Pick<InvoiceRow, 'order_id' | 'order_type'>): string | null => {
    if (invoice.order_id === null) return null;
    if (invoice.order_type === 'sale')
      return canSale ? pathWith('saleOrder', { id: invoice.order_id }) : null;
    return canRent ? pathWith('rentOrder', { id: invoice.order_id }) : null;
  };
}

function InvoiceListPage({ kind }: { kind: InvoiceListKind }) {
  const { t } = useAppTranslation();
  const screen = useScreenContext();
  const orderHref = useInvoiceOrderHref();
  return (
    <InvoiceList
      kind={kind}
      title={t(kind === 'sale' ? 'money:invoices.titles.sale' : 'money:invoices.titles.rents')}
      locationId={screen.locationId}
      currencySymbol={screen.currencySymbol}
      defaultPageSize={screen.local.itemsPerPage}
      invoiceHref={invoiceHref}
      orderHref={orderHref}
    />
  );
}

/** invoices/rents: rent, recurring and ad-hoc invoices and credit notes of rent orders. */
export function RentInvoicesPage() {
  return <InvoiceListPage kind="rents" />;
}

/** invoices/sale: sale invoices, and the ad-hoc charges and credit notes of sale orders. */
export function SaleInvoicesPage() {
  return <InvoiceListPage kind="sale" />;
}
