import { HStack, Link as ChakraLink, Spinner, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type customerStrings from '@nine/locales/en-US/customers.json';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import {
  useCustomerHistory,
  type CustomerHistoryKind,
  type CustomerHistoryRows,
} from '../api/get-customer-history.ts';

const PAGE_SIZE = 10;

export interface HistoryLinks {
  orderHref(type: 'rent' | 'sale' | 'tour', id: number): string;
  invoiceHref?(id: number): string;
}

type ColumnId = keyof (typeof customerStrings)['detail']['col'];
type Columns = { [K in CustomerHistoryKind]: DataTableColumn<CustomerHistoryRows[K]>[] };

function columnsOf(t: AppT, money: (minor: number) => string, links: HistoryLinks): Columns {
  const link = (href: string | undefined, label: ReactNode) =>
    href === undefined ? (
      label
    ) : (
      <ChakraLink asChild colorPalette="blue" variant="underline">
        <Link href={href}>{label}</Link>
      </ChakraLink>
    );
  // Every column's title is customers:detail.col.<its id>.
  const col = <R,>(id: ColumnId, cell: (row: R) => ReactNode): DataTableColumn<R> => ({
    id,
    title: t(`customers:detail.col.${id}`),
    cell,
  });
  const amount = <R,>(id: ColumnId, minor: (row: R) => number): DataTableColumn<R> => ({
    ...col(id, (r: R) => money(minor(r))),
    align: 'end',
  });
  const when = <R,>(id: ColumnId, at: (row: R) => Parameters<typeof formatDateTime>[0]) =>
    col(id, (r: R) => formatDateTime(at(r)));
  return {
    orders: [
      col('number', (r) => link(links.orderHref(r.type, r.id), r.number)),
      col('type', (r) => t(`customers:detail.order_type.${r.type}`)),
      col('status', (r) => r.status),
      col('location', (r) => r.location_name),
      when('planned_start', (r) => r.planned_start),
      amount('total', (r) => r.total_minor),
      amount('paid', (r) => r.paid_minor),
    ],
    invoices: [
      col('number', (r) => link(links.invoiceHref?.(r.id), r.number)),
      col('order', (r) => r.order_number ?? ''),
      col('status', (r) => t(`customers:detail.invoice_status.${r.status}`)),
      when('created_at', (r) => r.created_at),
      amount('total', (r) => r.total_minor),
    ],
    payments: [
      when('created_at', (r) => r.created_at),
      col('order', (r) => r.order_number ?? ''),
      col('method', (r) => r.method),
      amount('amount', (r) => r.amount_minor),
      amount('refunded', (r) => r.refunded_minor),
    ],
    messages: [
      when('created_at', (r) => r.created_at),
      col('recipient', (r) => r.recipient),
      col('text', (r) => <Text whiteSpace="pre-wrap">{r.body}</Text>),
      col('status', (r) => t(`customers:detail.message_status.${r.status}`)),
      col('sent_by', (r) => r.sent_by_name ?? ''),
    ],
  };
}

/** One paged list of the customer detail, newest first. */
export function HistoryTable<K extends CustomerHistoryKind>({
  customerId,
  kind,
  currencySymbol,
  links,
}: {
  customerId: number;
  kind: K;
  currencySymbol: string;
  links: HistoryLinks;
}) {
  const { t } = useAppTranslation();
  const [page, setPage] = useState(1);
  const query = useCustomerHistory(customerId, kind, page, PAGE_SIZE);
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const columns = columnsOf(t, money, links)[kind] as DataTableColumn<CustomerHistoryRows[K]>[];
  const data = query.data;
  const rows = data?.rows ?? [];

  if (query.isPending)
    return (
      <HStack py="4">
        <Spinner size="sm" />
        <Text>{t('customers:list.loading')}</Text>
      </HStack>
    );
  if (rows.length === 0)
    return (
      <Text py="4" color="fg.muted">
        {t(`customers:detail.empty.${kind}`)}
      </Text>
    );
  return (
    <DataTable<CustomerHistoryRows[K]>
      columns={columns}
      rows={rows}
      rowId={(row) => row.id}
      caption={t(`customers:detail.tabs.${kind}`)}
      pager={
        data && (data.total > PAGE_SIZE || page > 1)
          ? {
              page,
              pageSize: PAGE_SIZE,
              total: data.total,
              capped: data.total_capped,
              rowsOnPage: rows.length,
              onPage: setPage,
            }
          : undefined
      }
    />
  );
}
