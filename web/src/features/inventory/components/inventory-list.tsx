import { Badge, Button, HStack, Link as ChakraLink, Stack, Text, chakra } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  inventorySortFields,
  itemStatuses,
  type InventoryItemStatus,
  type InventoryListRow,
  type InventorySort,
} from '@nine/shared/schemas/inventory';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { OptionSelect } from '../../../components/list-filter-fields.tsx';
import { TextFilterField } from '../../../components/text-filter-field.tsx';
import { pagerOf } from '../../../components/list-page.ts';
import { useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import { createListCodec, listField, useListUrlState } from '../../../lib/use-list-url-state.ts';
import { sortedListFields, type SortedListState } from '../../../lib/sorted-list-fields.ts';
import { useCategories } from '../api/get-categories.ts';
import { useInventory, type InventoryKind, type InventoryParams } from '../api/get-inventory.ts';
import { categoryOptions } from './category-tree.ts';
import { formatHours, formatMoney, formatNumber } from '../../../lib/format.ts';

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

interface InventoryListState extends SortedListState<InventorySort> {
  search?: string;
  categoryId?: number;
  status?: InventoryItemStatus;
}

// The API's own query names, so a list's URL reads like its request.
const inventoryListCodec = createListCodec<InventoryListState>(
  {
    ...sortedListFields(inventorySortFields, PAGE_SIZES),
    search: listField.text('search'),
    categoryId: listField.id('category_id'),
    status: listField.oneOf('status', itemStatuses),
  },
  (pageSize) => ({ page: 1, pageSize, sort: 'sku', sortType: 'asc' }),
);

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
  const { state, change } = useListUrlState(inventoryListCodec, undefined, props.defaultPageSize);
  // The search box applies with the form; the selects at once.
  const [search, setSearch] = useState(state.search ?? '');
  const params: InventoryParams = {
    sort: state.sort,
    sort_type: state.sortType,
    page: state.page,
    page_size: state.pageSize,
    search: state.search,
    status: state.status,
    category_id: state.categoryId,
  };
  const query = useInventory(kind, locationId, params);
  const categories = useCategories();
  const page = query.data;
  const pager = pagerOf(page, state, change);
  const number = (n: number) => formatNumber(n);

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

  const columns = inventoryColumns(t, props);

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
          <TextFilterField
            label={t('inventory:list.search')}
            fieldWidth={{ base: 'full', md: '72' }}
            type="search"
            value={search}
            placeholder={t('inventory:list.search_placeholder')}
            onChange={setSearch}
          />
          <OptionSelect
            label={t('inventory:list.category')}
            emptyLabel={t('inventory:list.all_categories')}
            options={categoryOptions(categories.data?.rows ?? []).map((c) => ({
              value: c.id,
              label: c.label,
            }))}
            value={state.categoryId}
            width="56"
            onChange={(value) => change({ categoryId: value ? Number(value) : undefined })}
          />
          <OptionSelect
            label={t('inventory:list.status')}
            emptyLabel={t('inventory:list.all_statuses')}
            options={itemStatuses.map((s) => ({ value: s, label: t(`inventory:status.${s}`) }))}
            value={state.status}
            width="44"
            onChange={(value) => change({ status: (value || undefined) as InventoryItemStatus | undefined })}
          />
          <Button type="submit">{t('inventory:list.apply')}</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              // Clearing keeps the chosen page size.
              change({
                sort: 'sku',
                sortType: 'asc',
                search: undefined,
                status: undefined,
                categoryId: undefined,
              });
            }}
          >
            {t('inventory:list.clear')}
          </Button>
        </HStack>
      </chakra.form>

      <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
        {summary}
      </Text>

      <DataTable<InventoryListRow>
        columns={columns}
        rows={page?.rows}
        rowId={(row) => row.key}
        caption={t('inventory:list.caption', { title: props.title, summary })}
        sort={{ column: state.sort, direction: state.sortType }}
        onSort={({ column, direction }) => change({ sort: column as InventorySort, sortType: direction })}
        sortButtonNames="title"
        query={query}
        errorTitle={t('inventory:list.load_failed')}
        loading={false}
        empty=""
        striped
        pager={pager && { ...pager, pageSizes: PAGE_SIZES }}
      />
    </Stack>
  );
}

/** The columns of spec section 3, each sortable on the server. */
function inventoryColumns(t: AppT, props: InventoryListProps): DataTableColumn<InventoryListRow>[] {
  const cells: Record<InventorySort, (row: InventoryListRow) => ReactNode> = {
    sku: (row) => (
      <ChakraLink asChild fontWeight="medium">
        <Link href={props.productHref(row.product_id)}>{row.sku}</Link>
      </ChakraLink>
    ),
    name: (row) => row.product_name,
    category: (row) => row.category ?? '',
    option: (row) => row.option ?? '',
    home_location: (row) => row.home_location ?? '',
    current_location: (row) => row.current_location ?? '',
    status: (row) =>
      row.status ? (
        <Badge colorPalette={STATUS_COLOR[row.status]}>{t(`inventory:status.${row.status}`)}</Badge>
      ) : (
        <Text as="span" color="fg.muted">
          {t('inventory:list.bulk')}
        </Text>
      ),
    quantity: (row) => row.quantity ?? '',
    rent_count: (row) => row.rent_count,
    rent_hours: (row) => formatHours(row.rent_minutes),
    revenue: (row) => formatMoney(row.revenue_minor, props.currencySymbol),
  };
  return COLUMNS.map((c) => ({
    id: c.id,
    title: t(`inventory:columns.${c.id}`),
    sortable: true,
    align: c.numeric ? 'end' : 'start',
    cell: cells[c.id],
  }));
}
