import { HStack, Link as ChakraLink, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@nine/shared/money';
import { ListPager } from '../../../components/list-pager.tsx';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import {
  useCustomerHistory,
  type CustomerHistoryKind,
  type CustomerHistoryRows,
} from '../api/get-customer-history.ts';
import { formatDateTime } from '../../../lib/format.ts';

const PAGE_SIZE = 10;

export interface HistoryLinks {
  orderHref(type: 'rent' | 'sale', id: number): string;
  invoiceHref?(id: number): string;
}

interface Column<T> {
  title: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
}

type Columns = { [K in CustomerHistoryKind]: Column<CustomerHistoryRows[K]>[] };

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
      { title: t('customers:detail.col.number'), cell: (r) => link(links.orderHref(r.type, r.id), r.number) },
      { title: t('customers:detail.col.type'), cell: (r) => t(`customers:detail.order_type.${r.type}`) },
      { title: t('customers:detail.col.status'), cell: (r) => r.status },
      { title: t('customers:detail.col.location'), cell: (r) => r.location_name },
      { title: t('customers:detail.col.planned_start'), cell: (r) => formatDateTime(r.planned_start) },
      { title: t('customers:detail.col.total'), cell: (r) => money(r.total_minor), numeric: true },
      { title: t('customers:detail.col.paid'), cell: (r) => money(r.paid_minor), numeric: true },
    ],
    invoices: [
      { title: t('customers:detail.col.number'), cell: (r) => link(links.invoiceHref?.(r.id), r.number) },
      { title: t('customers:detail.col.order'), cell: (r) => r.order_number ?? '' },
      {
        title: t('customers:detail.col.status'),
        cell: (r) => t(`customers:detail.invoice_status.${r.status}`),
      },
      { title: t('customers:detail.col.created_at'), cell: (r) => formatDateTime(r.created_at) },
      { title: t('customers:detail.col.total'), cell: (r) => money(r.total_minor), numeric: true },
    ],
    payments: [
      { title: t('customers:detail.col.created_at'), cell: (r) => formatDateTime(r.created_at) },
      { title: t('customers:detail.col.order'), cell: (r) => r.order_number ?? '' },
      { title: t('customers:detail.col.method'), cell: (r) => r.method },
      { title: t('customers:detail.col.amount'), cell: (r) => money(r.amount_minor), numeric: true },
      { title: t('customers:detail.col.refunded'), cell: (r) => money(r.refunded_minor), numeric: true },
    ],
    messages: [
      { title: t('customers:detail.col.created_at'), cell: (r) => formatDateTime(r.created_at) },
      { title: t('customers:detail.col.recipient'), cell: (r) => r.recipient },
      { title: t('customers:detail.col.text'), cell: (r) => <Text whiteSpace="pre-wrap">{r.body}</Text> },
      {
        title: t('customers:detail.col.status'),
        cell: (r) => t(`customers:detail.message_status.${r.status}`),
      },
      { title: t('customers:detail.col.sent_by'), cell: (r) => r.sent_by_name ?? '' },
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
  const columns = columnsOf(t, money, links)[kind] as Column<CustomerHistoryRows[K]>[];
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
    <Stack gap="3">
      <Table.ScrollArea>
        <Table.Root size="sm" variant="line">
          <Table.Caption srOnly>{t(`customers:detail.tabs.${kind}`)}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.title} textAlign={c.numeric ? 'end' : undefined}>
                  {c.title}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                {columns.map((c) => (
                  <Table.Cell key={c.title} textAlign={c.numeric ? 'end' : undefined}>
                    {c.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {data && (data.total > PAGE_SIZE || page > 1) && (
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={data.total}
          capped={data.total_capped}
          rowsOnPage={rows.length}
          onPage={setPage}
        />
      )}
    </Stack>
  );
}
