import { Badge, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import type { InvoiceRow, InvoiceSortField } from '@nine/shared/schemas/invoices';
import {
  DataTable,
  type DataTableColumn,
  type DataTableQuery,
} from '../../../components/data-table/data-table.tsx';
import type { ListPagerProps } from '../../../components/list-pager.tsx';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import type { SortType } from '../list/list-state.ts';

export interface InvoiceTableProps {
  rows: InvoiceRow[] | undefined;
  sort: InvoiceSortField;
  sortType: SortType;
  onSort(sort: InvoiceSortField, sortType: SortType): void;
  currencySymbol: string;
  /** Null where the viewer may not open the invoice screen: the number shows as text. */
  invoiceHref(id: number): string | null;
  orderHref(row: InvoiceRow): string | null;
  caption: string;
  /** The page's query: busy while fetching, a failed load with retry. */
  query: DataTableQuery;
  pager?: ListPagerProps;
}

type ColumnId =
  | 'number'
  | 'type'
  | 'status'
  | 'customer'
  | 'order'
  | 'created_at'
  | 'posted_at'
  | 'in_progress_at'
  | 'billing_from'
  | 'billing_to'
  | 'subtotal'
  | 'discount'
  | 'tax'
  | 'total'
  | 'paid'
  | 'balance';

interface Column {
  id: ColumnId;
  sort?: InvoiceSortField;
  numeric?: boolean;
  cell(row: InvoiceRow): ReactNode;
}

export function InvoiceStatusBadge({ t, status }: { t: AppT; status: InvoiceRow['status'] }) {
  return (
    <Badge colorPalette={status === 'posted' ? 'green' : 'orange'} variant="subtle">
      {t(`money:invoices.status.${status}`)}
    </Badge>
  );
}

/** One page of invoices with the columns of spec section 3; the server sorted and paged it. */
export function InvoiceTable(props: InvoiceTableProps) {
  const { t } = useAppTranslation();
  const language = currentLanguage();
  const money = (minor: number) => formatMoney(minor, props.currencySymbol, language);
  const amount = (minor: number) => <Text whiteSpace="nowrap">{money(minor)}</Text>;
  const when = (iso: string | null) => <Text whiteSpace="nowrap">{formatDateTime(iso)}</Text>;

  const columns: Column[] = [
    {
      id: 'number',
      sort: 'number',
      cell: (row) => {
        const href = props.invoiceHref(row.id);
        return href === null ? (
          <Text fontWeight="semibold">{`#${row.number}`}</Text>
        ) : (
          <ChakraLink asChild fontWeight="semibold" colorPalette="blue" variant="underline">
            <Link href={href} aria-label={t('money:invoices.list.open_invoice', { number: row.number })}>
              {`#${row.number}`}
            </Link>
          </ChakraLink>
        );
      },
    },
    { id: 'type', sort: 'type', cell: (row) => t(`money:invoices.types.${row.type}`) },
    { id: 'status', cell: (row) => <InvoiceStatusBadge t={t} status={row.status} /> },
    {
      id: 'customer',
      cell: (row) => row.customer ?? <Text color="fg.muted">{t('money:invoices.list.no_customer')}</Text>,
    },
    {
      id: 'order',
      cell: (row) => {
        const href = props.orderHref(row);
        if (row.order_number === null) return null;
        return href === null ? (
          `#${row.order_number}`
        ) : (
          <ChakraLink asChild colorPalette="blue" variant="underline">
            <Link href={href}>{`#${row.order_number}`}</Link>
          </ChakraLink>
        );
      },
    },
    { id: 'created_at', sort: 'created_at', cell: (row) => when(row.created_at) },
    { id: 'posted_at', sort: 'posted_at', cell: (row) => when(row.posted_at) },
    { id: 'in_progress_at', sort: 'in_progress_at', cell: (row) => when(row.in_progress_at) },
    { id: 'billing_from', sort: 'billing_from', cell: (row) => formatDate(row.billing_from) },
    { id: 'billing_to', sort: 'billing_to', cell: (row) => formatDate(row.billing_to) },
    { id: 'subtotal', sort: 'subtotal', numeric: true, cell: (row) => amount(row.subtotal_minor) },
    { id: 'discount', sort: 'discount', numeric: true, cell: (row) => amount(row.discount_minor) },
    { id: 'tax', sort: 'tax', numeric: true, cell: (row) => amount(row.tax_minor) },
    { id: 'total', sort: 'total', numeric: true, cell: (row) => amount(row.total_minor) },
    { id: 'paid', sort: 'paid', numeric: true, cell: (row) => amount(row.paid_minor) },
    {
      id: 'balance',
      sort: 'balance',
      numeric: true,
      cell: (row) => (
        <Text
          whiteSpace="nowrap"
          fontWeight="semibold"
          color={row.balance_minor > 0 ? 'fg.error' : undefined}
        >
          {money(row.balance_minor)}
        </Text>
      ),
    },
  ];

  return (
    <DataTable<InvoiceRow>
      columns={columns.map((column): DataTableColumn<InvoiceRow> => ({
        id: column.id,
        title: t(`money:invoices.columns.${column.id}`),
        cell: column.cell,
        sortable: column.sort !== undefined,
        // A new column sorts descending first (latest, largest); the current one flips.
        sortDescFirst: true,
        align: column.numeric ? 'end' : undefined,
        nowrap: true,
      }))}
      rows={props.rows}
      rowId={(row) => row.id}
      caption={props.caption}
      showCaption
      sort={{ column: props.sort, direction: props.sortType }}
      onSort={({ column, direction }) => props.onSort(column as InvoiceSortField, direction)}
      query={props.query}
      errorTitle={t('money:invoices.list.load_failed')}
      // The list's status line says it is loading.
      loading={false}
      empty={t('money:invoices.list.empty')}
      interactive
      pager={props.pager}
    />
  );
}
