import {
  Alert,
  Badge,
  Button,
  Field,
  HStack,
  Input,
  Link as ChakraLink,
  NativeSelect,
  Stack,
  Table,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  itemStatuses,
  type InventoryItemStatus,
  type InventoryListRow,
  type InventorySort,
} from '@nine/shared/schemas/inventory';
import { ListPager } from '../../../components/list-pager.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';
import { useCategories } from '../api/get-categories.ts';
import { useInventory, type InventoryKind, type InventoryParams } from '../api/get-inventory.ts';
import { categoryOptions } from './category-tree.ts';
import { hours, money } from './format.ts';

export interface InventoryListProps {
  kind: InventoryKind;
  title: string;
  locationId: number | null;
  currencySymbol: string;
  defaultPageSize: number;
  productHref(productId: number): string;
  /** Actions beside the title (new product, import, export), given the list's current filters. */
  toolbar?(params: InventoryParams): ReactNode;
}

const COLUMNS: { id: InventorySort; numeric?: boolean }[] = [
  { id: 'sku' },
  { id: 'name' },
  { id: 'category' },
  { id: 'option' },
  { id: 'home_location' },
  { id: 'current_location' },
  { id: 'status' },
  { id: 'quantity', numeric: true },
  { id: 'rent_count', numeric: true },
  { id: 'rent_hours', numeric: true },
  { id: 'revenue', numeric: true },
];
const PAGE_SIZES = [10, 25, 50, 100] as const;

export const STATUS_COLOR: Record<InventoryItemStatus, string> = {
  available: 'green',
  rented: 'blue',
  maintenance: 'orange',
  retired: 'gray',
  lost: 'red',
};

/** Spec section 3's product table: one row per item or per bulk product in the location. */
export function InventoryList(props: InventoryListProps) {
  const { kind, locationId } = props;
  const { t } = useAppTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [params, setParams] = useState<InventoryParams>({
    sort: 'sku',
    sort_type: 'asc',
    page: 1,
    page_size: props.defaultPageSize,
  });
  const change = (next: InventoryParams) => setParams((p) => ({ ...p, page: 1, ...next }));
  const query = useInventory(kind, locationId, params);
  const categories = useCategories();
  const page = query.data;
  const number = (n: number) => new Intl.NumberFormat(currentLanguage()).format(n);

  const summary =
    page === undefined
      ? t('inventory:list.loading')
      : page.rows.length === 0
        ? t('inventory:list.none')
        : t(page.total_capped ? 'inventory:list.summary_capped' : 'inventory:list.summary', {
            from: number((page.page - 1) * page.page_size + 1),
            to: number((page.page - 1) * page.page_size + page.rows.length),
            total: number(page.total),
          });

  const sortBy = (id: InventorySort) =>
    change({ sort: id, sort_type: params.sort === id && params.sort_type === 'asc' ? 'desc' : 'asc' });

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <chakra.h1 fontSize="2xl" fontWeight="semibold">
          {props.title}
        </chakra.h1>
        <HStack gap="2" wrap="wrap">
          {props.toolbar?.(params)}
        </HStack>
      </HStack>

      <chakra.form
        role="search"
        aria-label={t('inventory:list.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          change({ search: search.trim() || undefined });
        }}
      >
        <HStack gap="3" wrap="wrap" align="end">
          <Field.Root width={{ base: 'full', md: '72' }}>
            <Field.Label htmlFor={searchId}>{t('inventory:list.search')}</Field.Label>
            <Input
              id={searchId}
              type="search"
              value={search}
              placeholder={t('inventory:list.search_placeholder')}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
          </Field.Root>
          <Field.Root width="auto">
            <Field.Label>{t('inventory:list.category')}</Field.Label>
            <NativeSelect.Root width="56">
              <NativeSelect.Field
                value={params.category_id ?? ''}
                onChange={(event) =>
                  change({
                    category_id: event.currentTarget.value ? Number(event.currentTarget.value) : undefined,
                  })
                }
              >
                <option value="">{t('inventory:list.all_categories')}</option>
                {categoryOptions(categories.data?.rows ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root width="auto">
            <Field.Label>{t('inventory:list.status')}</Field.Label>
            <NativeSelect.Root width="44">
              <NativeSelect.Field
                value={params.status ?? ''}
                onChange={(event) =>
                  change({
                    status: (event.currentTarget.value || undefined) as InventoryItemStatus | undefined,
                  })
                }
              >
                <option value="">{t('inventory:list.all_statuses')}</option>
                {itemStatuses.map((s) => (
                  <option key={s} value={s}>
                    {t(`inventory:status.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button type="submit">{t('inventory:list.apply')}</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              setParams({ sort: 'sku', sort_type: 'asc', page: 1, page_size: params.page_size });
            }}
          >
            {t('inventory:list.clear')}
          </Button>
        </HStack>
      </chakra.form>

      {query.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('inventory:list.load_failed')}</Alert.Title>
            <Alert.Description>{query.error.message}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            {t('common:try_again')}
          </Button>
        </Alert.Root>
      )}

      <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
        {summary}
      </Text>

      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" aria-busy={query.isFetching} striped>
          <Table.Caption srOnly>{t('inventory:list.caption', { title: props.title, summary })}</Table.Caption>
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((c) => {
                const active = params.sort === c.id;
                return (
                  <Table.ColumnHeader
                    key={c.id}
                    textAlign={c.numeric ? 'end' : 'start'}
                    aria-sort={active ? (params.sort_type === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <Button size="xs" variant="ghost" onClick={() => sortBy(c.id)}>
                      {t(`inventory:columns.${c.id}`)}
                      {active ? (params.sort_type === 'asc' ? ' ▲' : ' ▼') : ''}
                    </Button>
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {page?.rows.map((row) => (
              <InventoryRow key={row.key} row={row} {...props} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      {page !== undefined && (
        <ListPager
          page={params.page ?? 1}
          pageSize={params.page_size ?? page.page_size}
          total={page.total}
          capped={page.total_capped}
          rowsOnPage={page.rows.length}
          pageSizes={PAGE_SIZES}
          onPage={(next) => setParams((p) => ({ ...p, page: next }))}
          onPageSize={(size) => change({ page_size: size })}
        />
      )}
    </Stack>
  );
}

function InventoryRow({ row, ...props }: { row: InventoryListRow } & InventoryListProps) {
  const { t } = useAppTranslation();
  return (
    <Table.Row>
      <Table.Cell>
        <ChakraLink asChild fontWeight="medium">
          <Link href={props.productHref(row.product_id)}>{row.sku}</Link>
        </ChakraLink>
      </Table.Cell>
      <Table.Cell>{row.product_name}</Table.Cell>
      <Table.Cell>{row.category ?? ''}</Table.Cell>
      <Table.Cell>{row.option ?? ''}</Table.Cell>
      <Table.Cell>{row.home_location ?? ''}</Table.Cell>
      <Table.Cell>{row.current_location ?? ''}</Table.Cell>
      <Table.Cell>
        {row.status ? (
          <Badge colorPalette={STATUS_COLOR[row.status]}>{t(`inventory:status.${row.status}`)}</Badge>
        ) : (
          <Text as="span" color="fg.muted">
            {t('inventory:list.bulk')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">{row.quantity ?? ''}</Table.Cell>
      <Table.Cell textAlign="end">{row.rent_count}</Table.Cell>
      <Table.Cell textAlign="end">{hours(row.rent_minutes)}</Table.Cell>
      <Table.Cell textAlign="end">{money(row.revenue_minor, props.currencySymbol)}</Table.Cell>
    </Table.Row>
  );
}
