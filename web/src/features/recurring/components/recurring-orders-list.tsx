import { Alert, Button, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@nine/shared/money';
import type { RecurringOrderRow, RecurringSortField } from '@nine/shared/schemas/recurring';
import { ListPager } from '../../../components/list-pager.tsx';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { useRecurringOrders, type RecurringOrderParams } from '../api/get-recurring-orders.ts';
import { formatDate, formatDay } from '../../../lib/format.ts';

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

export interface RecurringOrdersListProps {
  title: string;
  locationId: number;
  currencySymbol: string;
  orderHref(id: number): string;
  initialPageSize?: number;
}

/** active-recurring-orders: the location's billing plans, sorted and paged by the server. */
export function RecurringOrdersList({
  title,
  locationId,
  currencySymbol,
  orderHref,
  initialPageSize = 25,
}: RecurringOrdersListProps) {
  const { t } = useAppTranslation();
  const [params, setParams] = useState<RecurringOrderParams>({
    page: 1,
    page_size: initialPageSize,
    sort: 'next_invoice_date',
    sort_type: 'asc',
  });
  const query = useRecurringOrders(locationId, params);
  const money = (minor: number) => formatMoney(minor, currencySymbol, currentLanguage());
  const data = query.data;

  const toggleSort = (field: RecurringSortField) =>
    setParams((current) => ({
      ...current,
      page: 1,
      sort: field,
      sort_type: current.sort === field && current.sort_type === 'asc' ? 'desc' : 'asc',
    }));

  return (
    <Stack gap="4">
      <Text as="h1" fontSize="2xl" fontWeight="semibold">
        {title}
      </Text>
      {query.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>{t('fulfilment:recurring.load_failed')}</Alert.Description>
        </Alert.Root>
      )}
      {query.isPending && <Text>{t('common:loading')}</Text>}
      {data && data.rows.length === 0 && <Text color="fg.muted">{t('fulfilment:recurring.empty')}</Text>}
      {data && data.rows.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" aria-label={t('fulfilment:recurring.table')} aria-busy={query.isFetching}>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => {
                  const title = column.title(t);
                  const sorted = column.id === params.sort ? params.sort_type : null;
                  return (
                    <Table.ColumnHeader
                      key={column.id}
                      textAlign={column.numeric ? 'end' : 'start'}
                      aria-sort={sorted === null ? undefined : sorted === 'asc' ? 'ascending' : 'descending'}
                    >
                      {column.sortable ? (
                        <Button
                          variant="plain"
                          size="xs"
                          px="0"
                          fontWeight="semibold"
                          aria-label={
                            sorted === null
                              ? title
                              : `${title}, ${t(sorted === 'asc' ? 'fulfilment:sorted_asc' : 'fulfilment:sorted_desc')}`
                          }
                          onClick={() => toggleSort(column.id as RecurringSortField)}
                        >
                          {title}
                          {sorted !== null && (
                            <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : ' ▼'}</span>
                          )}
                        </Button>
                      ) : (
                        title
                      )}
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.rows.map((row) => (
                <Table.Row key={row.order_id}>
                  {columns.map((column) => (
                    <Table.Cell key={column.id} textAlign={column.numeric ? 'end' : 'start'}>
                      {column.cell(row, { money, orderHref, t })}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {data && data.total > 0 && (
        <ListPager
          page={params.page}
          pageSize={params.page_size}
          total={data.total}
          capped={data.total_capped}
          rowsOnPage={data.rows.length}
          pageSizes={RECURRING_PAGE_SIZES}
          summary={t('fulfilment:pager.total', { count: data.total })}
          onPage={(page) => setParams((current) => ({ ...current, page }))}
          onPageSize={(pageSize) => setParams((current) => ({ ...current, page: 1, page_size: pageSize }))}
        />
      )}
    </Stack>
  );
}
