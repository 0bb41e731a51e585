import { Stack } from '@chakra-ui/react';
import type { InvoiceRow } from '@nine/shared/schemas/invoices';
import { pagerOf } from '../../../components/list-page.ts';
import { ListStatus, pageSummary } from '../../../components/list-summary.tsx';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useInvoices } from '../api/get-invoices.ts';
import type { InvoiceListKind } from '../invoice-kind.ts';
import { invoiceListCodec, toInvoiceListParams } from '../list/list-state.ts';
import { InvoiceListFilters } from './invoice-list-filters.tsx';
import { InvoiceTable } from './invoice-table.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';

export interface InvoiceListProps {
  kind: InvoiceListKind;
  title: string;
  locationId: number | null;
  currencySymbol: string;
  /** The device's items-per-page setting. */
  defaultPageSize: number;
  invoiceHref(id: number): string;
  /** The order's screen, when the viewer may open it. */
  orderHref(row: InvoiceRow): string | null;
}

/** invoices/rents or invoices/sale: filters, sortable columns and pages; its state lives in the URL query. */
export function InvoiceList(props: InvoiceListProps) {
  const { kind, title, locationId } = props;
  const { t } = useAppTranslation();
  const { state, change, reset } = useListUrlState(invoiceListCodec, kind, props.defaultPageSize);
  // "Today" is read once per render; the query key holds dates, so a list left open past midnight moves on.
  const now = new Date();
  const query = useInvoices(kind, locationId, toInvoiceListParams(state, now));
  const page = query.data;
  const summary = pageSummary(page, {
    loading: t('money:invoices.list.loading'),
    none: t('money:invoices.list.none'),
    range: (range) =>
      t(range.capped ? 'money:invoices.list.summary_capped' : 'money:invoices.list.summary', range),
  });

  return (
    <Stack gap="5">
      <PageHeading title={title} />
      <InvoiceListFilters kind={kind} state={state} onChange={change} onClear={reset} now={now} />
      <ListStatus>{summary}</ListStatus>
      <InvoiceTable
        rows={page?.rows}
        sort={state.sort}
        sortType={state.sortType}
        onSort={(sort, sortType) => change({ sort, sortType })}
        currencySymbol={props.currencySymbol}
        invoiceHref={props.invoiceHref}
        orderHref={props.orderHref}
        caption={t('money:invoices.list.caption', { title, summary })}
        query={query}
        pager={pagerOf(page, state, change)}
      />
    </Stack>
  );
}
