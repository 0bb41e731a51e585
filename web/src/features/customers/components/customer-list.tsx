import { Button, HStack, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CustomerListQuery, CustomerRow } from '@nine/shared/schemas/customers';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { RowActionButton } from '../../../components/data-table/row-action-button.tsx';
import { pagerOf } from '../../../components/list-page.ts';
import { LiveSearchField } from '../../../components/live-search-field.tsx';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { useCustomers, type CustomerListParams } from '../api/get-customers.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { ImportCustomersDialog } from './import-dialog.tsx';
import { SmsDialog } from './sms-dialog.tsx';

type SortField = CustomerListQuery['sort'];
export const PAGE_SIZES = [10, 25, 50, 100] as const;
const sortFields: readonly SortField[] = ['id', 'name', 'email', 'created_at'];

interface CustomerListState {
  page: number;
  pageSize: number;
  sort: SortField;
  sortType: 'asc' | 'desc';
  search?: string;
}

const customerListCodec = createListCodec<CustomerListState>(
  {
    page: listField.page(),
    pageSize: listField.pageSize(PAGE_SIZES),
    sort: listField.oneOf('sort', sortFields),
    sortType: listField.oneOf('sort_type', ['asc', 'desc']),
    search: listField.text('search'),
  },
  (pageSize) => ({ page: 1, pageSize, sort: 'name', sortType: 'asc' }),
);

export interface CustomerListProps {
  title: string;
  /** h2 when the list sits under a page heading of its own (customer/admin). */
  headingAs?: 'h1' | 'h2';
  /** May add, edit, import and send SMS (customer change). */
  canChange: boolean;
  customerHref(id: number): string;
  defaultPageSize?: number;
  /** Extra toolbar actions composed by the page (the export button), given the list's filters. */
  toolbar?(filters: CustomerListParams): ReactNode;
}

/** Customers: searched, sorted and paged on the server; add, edit, CSV upload, print and SMS. */
export function CustomerList({
  title,
  headingAs = 'h1',
  canChange,
  customerHref,
  defaultPageSize = 25,
  toolbar,
}: CustomerListProps) {
  const { t } = useAppTranslation();
  const { state, change } = useListUrlState(customerListCodec, undefined, defaultPageSize);
  const [editing, setEditing] = useState<CustomerRow | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const [texting, setTexting] = useState<CustomerRow | null>(null);

  const filters: CustomerListParams = { search: state.search, sort: state.sort, sort_type: state.sortType };
  const query = useCustomers({ ...filters, page: state.page, page_size: state.pageSize });
  const data = query.data;
  const pager = pagerOf(data, state, change);
  const number = (n: number) => formatNumber(n);

  const columns: DataTableColumn<CustomerRow>[] = [
    { id: 'id', title: t('customers:fields.id'), sortable: true, cell: (row) => row.id },
    {
      id: 'name',
      title: t('customers:fields.name'),
      sortable: true,
      cell: (row) => (
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={customerHref(row.id)}>{row.name}</Link>
        </ChakraLink>
      ),
    },
    { id: 'email', title: t('customers:fields.email'), sortable: true, cell: (row) => row.email },
    { id: 'phone', title: t('customers:fields.phone'), cell: (row) => row.phone },
    { id: 'postal_code', title: t('customers:fields.postal_code'), cell: (row) => row.postal_code },
    { id: 'city', title: t('customers:fields.city'), cell: (row) => row.city },
    {
      id: 'created_at',
      title: t('customers:fields.created_at'),
      sortable: true,
      cell: (row) => formatDate(row.created_at),
    },
    {
      id: 'actions',
      title: t('customers:list.actions'),
      hideWhenPrinting: true,
      cell: (row) =>
        canChange && (
          <HStack gap="1">
            <RowActionButton
              label={t('customers:list.edit')}
              name={t('customers:list.edit_named', { name: row.name })}
              onClick={() => setEditing(row)}
            />
            <RowActionButton
              disabled={row.phone === null}
              label={t('customers:list.sms')}
              name={t('customers:list.sms_named', { name: row.name })}
              onClick={() => setTexting(row)}
            />
          </HStack>
        ),
    },
  ];

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as={headingAs} size={headingAs === 'h1' ? 'lg' : 'md'}>
          {title}
        </Heading>
        <HStack gap="2" wrap="wrap" css={{ '@media print': { display: 'none' } }}>
          {canChange && (
            <>
              <Button size="sm" colorPalette="blue" onClick={() => setEditing('new')}>
                {t('customers:list.add')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                {t('customers:list.import')}
              </Button>
            </>
          )}
          <Button size="sm" variant="outline" onClick={() => window.print()}>
            {t('customers:list.print')}
          </Button>
          {toolbar?.(filters)}
        </HStack>
      </HStack>

      <LiveSearchField
        maxW="md"
        css={{ '@media print': { display: 'none' } }}
        label={t('customers:list.search')}
        placeholder={t('customers:list.search_placeholder')}
        value={state.search}
        onSearch={(search) => change({ search })}
      />

      <Text fontSize="sm" aria-live="polite">
        {data
          ? data.total_capped
            ? t('customers:list.count_capped', { count: number(data.total) })
            : t('customers:list.count', { count: data.total })
          : ''}
      </Text>

      <DataTable<CustomerRow>
        columns={columns}
        rows={data?.rows}
        rowId={(row) => row.id}
        caption={t('customers:list.caption')}
        sort={{ column: state.sort, direction: state.sortType }}
        onSort={({ column, direction }) => change({ sort: column as SortField, sortType: direction })}
        query={query}
        loading={t('customers:list.loading')}
        empty={state.search ? t('customers:list.no_match') : t('customers:list.empty')}
        pager={
          pager && {
            ...pager,
            pageSizes: PAGE_SIZES,
            hideWhenPrinting: true,
          }
        }
      />

      <CustomerFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        customer={editing === 'new' || editing === null ? undefined : editing}
      />
      <ImportCustomersDialog open={importing} onOpenChange={setImporting} />
      {texting !== null && (
        <SmsDialog open onOpenChange={(open) => !open && setTexting(null)} customer={texting} />
      )}
    </Stack>
  );
}
