import { HStack, Link as ChakraLink, Spinner, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
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
  orderHref(type: 'rent' | 'sale', id: number): string;
  invoiceHref?(id: number): string;
}

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
  return {
    orders: [
      {
        id: 'number',
        title: t('customers:detail.col.number'),
        cell: (r) => link(links.orderHref(r.type, r.id), r.number),
      },
      {
        id: 'type',
        title: t('customers:detail.col.type'),
        cell: (r) => t(`customers:detail.order_type.${r.type}`),
      },
      { id: 'status', title: t('customers:detail.col.status'), cell: (r) => r.status },
      { id: 'location', title: t('customers:detail.col.location'), cell: (r) => r.location_name },
      {
        id: 'planned_start',
        title: t('customers:detail.col.planned_start'),
        cell: (r) => formatDateTime(r.planned_start),
      },
      {
        id: 'total',
        title: t('customers:detail.col.total'),
        cell: (r) => money(r.total_minor),
        align: 'end',
      },
      { id: 'paid', title: t('customers:detail.col.paid'), cell: (r) => money(r.paid_minor), align: 'end' },
    ],
    invoices: [
      {
        id: 'number',
        title: t('customers:detail.col.number'),
        cell: (r) => link(links.invoiceHref?.(r.id), r.number),
      },
      { id: 'order', title: t('customers:detail.col.order'), cell: (r) => r.order_number ?? '' },
      {
        id: 'status',
        title: t('customers:detail.col.status'),
        cell: (r) => t(`customers:detail.invoice_status.${r.status}`),
      },
      {
        id: 'created_at',
        title: t('customers:detail.col.created_at'),
        cell: (r) => formatDateTime(r.created_at),
      },
      {
        id: 'total',
        title: t('customers:detail.col.total'),
        cell: (r) => money(r.total_minor),
        align: 'end',
      },
    ],
    payments: [
      {
        id: 'created_at',
        title: t('customers:detail.col.created_at'),
        cell: (r) => formatDateTime(r.created_at),
      },
      { id: 'order', title: t('customers:detail.col.order'), cell: (r) => r.order_number ?? '' },
      { id: 'method', title: t('customers:detail.col.method'), cell: (r) => r.method },
      {
        id: 'amount',
        title: t('customers:detail.col.amount'),
        cell: (r) => money(r.amount_minor),
        align: 'end',
      },
      {
        id: 'refunded',
        title: t('customers:detail.col.refunded'),
        cell: (r) => money(r.refunded_minor),
        align: 'end',
      },
    ],
    messages: [
      {
        id: 'created_at',
        title: t('customers:detail.col.created_at'),
        cell: (r) => formatDateTime(r.created_at),
      },
      { id: 'recipient', title: t('customers:detail.col.recipient'), cell: (r) => r.recipient },
      {
        id: 'text',
        title: t('customers:detail.col.text'),
        cell: (r) => <Text whiteSpace="pre-wrap">{r.body}</Text>,
      },
      {
        id: 'status',
        title: t('customers:detail.col.status'),
        cell: (r) => t(`customers:detail.message_status.${r.status}`),
      },
      { id: 'sent_by', title: t('customers:detail.col.sent_by'), cell: (r) => r.sent_by_name ?? '' },
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
