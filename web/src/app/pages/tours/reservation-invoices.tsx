import { useState } from 'react';
import type { InvoiceSortField } from '@nine/shared/schemas/invoices';
import { useInvoices } from '../../../features/invoices/api/get-invoices.ts';
import { InvoiceTable } from '../../../features/invoices/components/invoice-table.tsx';
import type { SortType } from '../../../features/invoices/list/list-state.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { pathWith } from '../../route-table.ts';

/**
 * The reservation's invoices and credit notes (the seats billed, a move's difference, a cancellation fee
 * and its credit notes): the rents list of this order, which tour staff may read too. The invoice screen is
 * the rent and sale clerks': without their right the numbers show as text.
 */
export function ReservationInvoices({
  locationId,
  orderId,
  currencySymbol,
  canOpenInvoice,
}: {
  locationId: number;
  orderId: number;
  currencySymbol: string;
  canOpenInvoice: boolean;
}) {
  const { t } = useAppTranslation();
  const [sort, setSort] = useState<{ sort: InvoiceSortField; sortType: SortType }>({
    sort: 'created_at',
    sortType: 'desc',
  });
  const query = useInvoices('rents', locationId, {
    order_id: orderId,
    sort: sort.sort,
    sort_type: sort.sortType,
    page_size: 100,
  });
  return (
    <InvoiceTable
      rows={query.data?.rows}
      sort={sort.sort}
      sortType={sort.sortType}
      onSort={(next, sortType) => setSort({ sort: next, sortType })}
      currencySymbol={currencySymbol}
      invoiceHref={(id) => (canOpenInvoice ? pathWith('invoice', { id }) : null)}
      orderHref={() => null}
      caption={t('tours:reservation.invoices.title')}
      query={query}
    />
  );
}
