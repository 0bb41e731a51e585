import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDay, formatMoney } from '../../../lib/format.ts';
import {
  recurringSortFields,
  type RecurringOrderRow,
  type RecurringSortField,
} from '@nine/shared/schemas/recurring';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { pagerOf } from '../../../components/list-page.ts';
import { busyOnly, ListLoadState } from '../../../components/list-load-state.tsx';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useRecurringOrders, type RecurringOrderParams } from '../api/get-recurring-orders.ts';

export const RECURRING_PAGE_SIZES = [10, 25, 50, 100] as const;

interface Column {
  id: RecurringSortField | 'frequency';
  title(t: AppT): string;
  sortable: boolean;
  numeric?: boolean;
  cell(
    row: RecurringOrderRow,
    ctx: { money(minor: number): string; orderHref(id: number): string; t: AppT },
  ): ReactNode;
}

/** Spec section 3: order number, customer, email, issued invoice count, total invoiced amount, plan start, actual start, plan finish, next invoice date; and the frequency the modal chose. */
const columns: Column[] = [
  {
    id: 'order_number',
    title: (t) => t('fulfilment:recurring.columns.order_number'),
    sortable: true,
    cell: (row, { orderHref, t }) => (
      <ChakraLink asChild colorPalette="blue" variant="underline">
        <Link
          href={orderHref(row.order_id)}
          aria-label={t('fulfilment:recurring.open_order', { number: row.order_number })}
        >
          {row.order_number}
        </Link>
      </ChakraLink>
    ),
  },
  {
    id: 'customer',
    title: (t) => t('fulfilment:recurring.columns.customer'),
    sortable: true,
    cell: (row) => row.customer ?? '',
  },
  {
    id: 'email',
    title: (t) => t('fulfilment:recurring.columns.email'),
    sortable: true,
    cell: (row) => row.email ?? '',
  },
  {
    id: 'issued_invoice_count',
    title: (t) => t('fulfilment:recurring.columns.issued_invoice_count'),
    sortable: true,
    numeric: true,
    cell: (row) => row.issued_invoice_count,
  },
  {
    id: 'total_invoiced_minor',
    title: (t) => t('fulfilment:recurring.columns.total_invoiced'),
    sortable: true,
    numeric: true,
    cell: (row, { money }) => money(Number(row.total_invoiced_minor)),
  },
  {
    id: 'plan_start',
    title: (t) => t('fulfilment:recurring.columns.plan_start'),
    sortable: true,
    cell: (row) => formatDate(row.plan_start),
  },
  {
    id: 'actual_start',
    title: (t) => t('fulfilment:recurring.columns.actual_start'),
    sortable: true,
    cell: (row) => formatDate(row.actual_start),
  },
  {
    id: 'plan_finish',
    title: (t) => t('fulfilment:recurring.columns.plan_finish'),
    sortable: true,
    cell: (row) => formatDate(row.plan_finish),
  },
  {
    id: 'next_invoice_date',
    title: (t) => t('fulfilment:recurring.columns.next_invoice_date'),
    sortable: true,
    cell: (row) => formatDay(row.next_invoice_date),
  },
  {
    id: 'frequency',
    title: (t) => t('fulfilment:recurring.columns.frequency'),
    sortable: false,
    cell: (row, { t }) => t(`fulfilment:frequency.${row.frequency}`),
  },
];

interface RecurringListState {
  page: number;
  pageSize: number;
  sort: RecurringSortField;
  sortType: 'asc' | 'desc';
}

const recurringListCodec = createListCodec<RecurringListState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize(RECURRING_PAGE_SIZES),
    sort: listField.oneOf('sort', recurringSortFields),
    sortType: listField.oneOf('sort_type', ['asc', 'desc']),
  },
  (pageSize) => ({ page: 1, pageSize, sort: 'next_invoice_date', sortType: 'asc' }),
);

export interface RecurringOrdersListProps {
  title: string;
  locationId: number;
  currencySymbol: string;
  orderHref(id: number): string;
  initialPageSize?: number;
}

/** active-recurring-orders: the location's billing plans, sorted and paged by the server; state in the URL. */
export function RecurringOrdersList({
  title,
  locationId,
  currencySymbol,
  orderHref,
  initialPageSize = 25,
}: RecurringOrdersListProps) {
  const { t } = useAppTranslation();
  const { state, change } = useListUrlState(recurringListCodec, undefined, initialPageSize);
  const params: RecurringOrderParams = {
    page: state.page,
    page_size: state.pageSize,
    sort: state.sort,
    sort_type: state.sortType,
  };
  const query = useRecurringOrders(locationId, params);
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const data = query.data;
  const pager = pagerOf(data, state, change);

  return (
    <Stack gap="4">
      <Text as="h1" fontSize="2xl" fontWeight="semibold">
        {title}
      </Text>
      <ListLoadState
        query={query}
        rows={data?.rows}
        failed={t('fulfilment:recurring.load_failed')}
        empty={t('fulfilment:recurring.empty')}
      />
      {/* The table (by its name) is there once the first page is: the loading line stands alone before. */}
      {data && (
        <DataTable<RecurringOrderRow>
          columns={columns.map((column): DataTableColumn<RecurringOrderRow> => ({
            id: column.id,
            title: column.title(t),
            sortable: column.sortable,
            align: column.numeric ? 'end' : 'start',
            cell: (row) => column.cell(row, { money, orderHref, t }),
          }))}
          rows={data.rows}
          rowId={(row) => row.order_id}
          caption={t('fulfilment:recurring.table')}
          sort={{ column: state.sort, direction: state.sortType }}
          onSort={({ column, direction }) =>
            change({ sort: column as RecurringSortField, sortType: direction })
          }
          sortButtonNames="title-until-sorted"
          unsortedMarker={false}
          // Busy while fetching; a failed load shows above, also when no page came yet.
          query={busyOnly(query)}
          pager={
            pager && pager.total > 0
              ? {
                  ...pager,
                  pageSizes: RECURRING_PAGE_SIZES,
                  summary: t('fulfilment:pager.total', { count: pager.total }),
                }
              : undefined
          }
        />
      )}
    </Stack>
  );
}
