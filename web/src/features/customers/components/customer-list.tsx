import {
  Box,
  Button,
  Field,
  HStack,
  Heading,
  Input,
  Link as ChakraLink,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CustomerListQuery, CustomerRow } from '@nine/shared/schemas/customers';
import { ListPager } from '../../../components/list-pager.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useCustomers, type CustomerListParams } from '../api/get-customers.ts';
import { formatDate } from '../../../lib/format.ts';
import { CustomerFormDialog } from './customer-form-dialog.tsx';
import { ImportCustomersDialog } from './import-dialog.tsx';
import { SmsDialog } from './sms-dialog.tsx';

type SortField = CustomerListQuery['sort'];
export const PAGE_SIZES = [10, 25, 50, 100] as const;
const SEARCH_DELAY_MS = 300;

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
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ sort: SortField; sort_type: 'asc' | 'desc' }>({
    sort: 'name',
    sort_type: 'asc',
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(defaultPageSize);
  const [editing, setEditing] = useState<CustomerRow | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const [texting, setTexting] = useState<CustomerRow | null>(null);

  // Searching waits for a pause in typing, then starts again from the first page.
  // Only a changed search goes back to page 1, so a page chosen right after mounting stays.
  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const filters: CustomerListParams = { search: search || undefined, ...sort };
  const query = useCustomers({ ...filters, page, page_size: pageSize });
  const data = query.data;
  const rows = data?.rows ?? [];
  const number = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);

  const sortBy = (field: SortField) => {
    setSort((s) => ({
      sort: field,
      sort_type: s.sort === field && s.sort_type === 'asc' ? 'desc' : 'asc',
    }));
    setPage(1);
  };
  const header = (field: SortField, label: string) => (
    <Table.ColumnHeader
      aria-sort={sort.sort === field ? (sort.sort_type === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Button variant="ghost" size="xs" px="1" onClick={() => sortBy(field)}>
        {label}
        {sort.sort === field ? (sort.sort_type === 'asc' ? ' ▲' : ' ▼') : ''}
      </Button>
    </Table.ColumnHeader>
  );

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

      <Field.Root maxW="md" css={{ '@media print': { display: 'none' } }}>
        <Field.Label htmlFor={searchId}>{t('customers:list.search')}</Field.Label>
        <Input
          id={searchId}
          type="search"
          value={typed}
          placeholder={t('customers:list.search_placeholder')}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </Field.Root>

      <Text fontSize="sm" aria-live="polite">
        {data
          ? data.total_capped
            ? t('customers:list.count_capped', { count: number(data.total) })
            : t('customers:list.count', { count: data.total })
          : ''}
      </Text>

      <Box overflowX="auto" position="relative" aria-busy={query.isFetching}>
        <Table.Root size="sm" variant="line" interactive>
          <Table.Caption srOnly>{t('customers:list.caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {header('id', t('customers:fields.id'))}
              {header('name', t('customers:fields.name'))}
              {header('email', t('customers:fields.email'))}
              <Table.ColumnHeader>{t('customers:fields.phone')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customers:fields.postal_code')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('customers:fields.city')}</Table.ColumnHeader>
              {header('created_at', t('customers:fields.created_at'))}
              <Table.ColumnHeader css={{ '@media print': { display: 'none' } }}>
                {t('customers:list.actions')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>{row.id}</Table.Cell>
                <Table.Cell>
                  <ChakraLink asChild colorPalette="blue" variant="underline">
                    <Link href={customerHref(row.id)}>{row.name}</Link>
                  </ChakraLink>
                </Table.Cell>
                <Table.Cell>{row.email}</Table.Cell>
                <Table.Cell>{row.phone}</Table.Cell>
                <Table.Cell>{row.postal_code}</Table.Cell>
                <Table.Cell>{row.city}</Table.Cell>
                <Table.Cell>{formatDate(row.created_at)}</Table.Cell>
                <Table.Cell css={{ '@media print': { display: 'none' } }}>
                  {canChange && (
                    <HStack gap="1">
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={t('customers:list.edit_named', { name: row.name })}
                        onClick={() => setEditing(row)}
                      >
                        {t('customers:list.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={row.phone === null}
                        aria-label={t('customers:list.sms_named', { name: row.name })}
                        onClick={() => setTexting(row)}
                      >
                        {t('customers:list.sms')}
                      </Button>
                    </HStack>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {query.isPending && (
          <HStack justify="center" py="6">
            <Spinner size="sm" />
            <Text>{t('customers:list.loading')}</Text>
          </HStack>
        )}
        {data && rows.length === 0 && (
          <Text py="6" textAlign="center" color="fg.muted">
            {search ? t('customers:list.no_match') : t('customers:list.empty')}
          </Text>
        )}
      </Box>

      {data && (
        <ListPager
          page={page}
          pageSize={pageSize}
          total={data.total}
          capped={data.total_capped}
          rowsOnPage={rows.length}
          pageSizes={PAGE_SIZES}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          hideWhenPrinting
        />
      )}

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
