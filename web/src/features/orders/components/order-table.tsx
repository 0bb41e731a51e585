import { Button, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format.ts';
import type { OrderFilterColumn, OrderListRow } from '@nine/shared/schemas/orders';
import {
  DataTable,
  type DataTableColumn,
  type DataTableQuery,
} from '../../../components/data-table/data-table.tsx';
import type { ListPagerProps } from '../../../components/list-pager.tsx';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import {
  columnSortField,
  isColumnVisible,
  sortFieldColumn,
  type ColumnSetting,
  type OrderColumnId,
  type Viewport,
} from '../list/column-config.ts';
import type { OrderSortField, SortType } from '../list/list-state.ts';
import { columnFilterType, type ColumnFilters } from '../list/column-filters.ts';
import type { OrderKind } from '../order-kind.ts';
import { ColumnFilter } from './column-filter.tsx';
import { defaultColumnTitle } from './column-title.ts';
import { OrderFlags } from './order-flags.tsx';
import { OrderStatusBadge, OverdueBadge } from '../../../components/order-status-badge.tsx';

export interface OrderTableProps {
  kind: OrderKind;
  rows: OrderListRow[] | undefined;
  columns: readonly ColumnSetting[];
  viewport: Viewport;
  sort: OrderSortField;
  sortType: SortType;
  onSort(sort: OrderSortField, sortType: SortType): void;
  currencySymbol: string;
  orderHref(id: number): string;
  printHref?(id: number): string;
  caption: string;
  /** The page's query: busy while fetching, a failed load with retry. */
  query: DataTableQuery;
  /** The column filters set now; without onFilter the headers offer none. */
  filters?: ColumnFilters;
  onFilter?(column: OrderFilterColumn, value: string | undefined): void;
  pager?: ListPagerProps;
}

interface CellDeps {
  t: AppT;
  language: string;
  currencySymbol: string;
  orderHref(id: number): string;
  printHref?(id: number): string;
}

type Cell = (row: OrderListRow) => ReactNode;

const dateColumns = [
  'planned_start',
  'planned_finish',
  'actual_start',
  'actual_finish',
  'closed_at',
  'cancelled_at',
  'created_at',
] as const;

function buildCells(deps: CellDeps): Record<OrderColumnId, Cell> {
  const { t, language, currencySymbol, orderHref, printHref } = deps;
  const money = (minor: number) => formatMoney(minor, currencySymbol, language);
  const dates = Object.fromEntries(
    dateColumns.map((id): [string, Cell] => [
      id,
      (row) => <Text whiteSpace="nowrap">{formatDateTime(row[id])}</Text>,
    ]),
  ) as Record<(typeof dateColumns)[number], Cell>;

  return {
    number: (row) => (
      <ChakraLink asChild fontWeight="semibold" colorPalette="blue" variant="underline">
        <Link href={orderHref(row.id)}>{`#${row.number}`}</Link>
      </ChakraLink>
    ),
    customer: (row) => {
      const customer = row.customer;
      if (customer === null) return <Text color="fg.muted">{t('orders:list.no_customer')}</Text>;
      return (
        <Stack gap="0">
          <Text>{customer.name}</Text>
          {customer.phone !== null && (
            <Text fontSize="xs" color="fg.muted">
              {customer.phone}
            </Text>
          )}
        </Stack>
      );
    },
    ...dates,
    paid: (row) => (
      <Text whiteSpace="nowrap">
        {t('orders:list.paid_of', { paid: money(row.paid_minor), total: money(row.total_minor) })}
      </Text>
    ),
    total: (row) => <Text whiteSpace="nowrap">{money(row.total_minor)}</Text>,
    rental_items: (row) => formatNumber(row.rental_items, {}, language),
    flags: (row) => <OrderFlags flags={row.flags} />,
    source: (row) => sourceLabel(t, row.source),
    status: (row) => (
      <HStack gap="1" wrap="wrap">
        <OrderStatusBadge status={row.status} />
        {row.overdue && <OverdueBadge />}
      </HStack>
    ),
    events: (row) => (
      <HStack gap="1">
        <Button asChild size="xs" variant="outline">
          <Link href={orderHref(row.id)} aria-label={t('orders:list.open_order', { number: row.number })}>
            {t('orders:list.open')}
          </Link>
        </Button>
        {printHref !== undefined && (
          <Button asChild size="xs" variant="ghost">
            <Link href={printHref(row.id)} aria-label={t('orders:list.print_order', { number: row.number })}>
              {t('orders:list.print')}
            </Link>
          </Button>
        )}
      </HStack>
    ),
  };
}

const sourceKeys = ['web', 'phone', 'back_end', 'walk_in', 'kiosk'] as const;
function sourceLabel(t: AppT, source: string): string {
  return (sourceKeys as readonly string[]).includes(source)
    ? t(`orders:sources.${source as (typeof sourceKeys)[number]}`)
    : source;
}

/** One page of orders; the server sorted and paged it, the user's column settings say what shows. */
export function OrderTable(props: OrderTableProps) {
  const { t } = useAppTranslation();
  const language = currentLanguage();
  const {
    kind,
    columns: settings,
    viewport,
    sort,
    sortType,
    onSort,
    currencySymbol,
    orderHref,
    printHref,
  } = props;
  const { filters, onFilter } = props;

  const cells = useMemo(
    () => buildCells({ t, language, currencySymbol, orderHref, printHref }),
    [t, language, currencySymbol, orderHref, printHref],
  );
  const columns = useMemo(
    () =>
      settings.map((setting): DataTableColumn<OrderListRow> => {
        const title = setting.title.trim() || defaultColumnTitle(t, kind, setting.id);
        const filterType = onFilter ? columnFilterType(kind, setting.id) : null;
        const column = setting.id as OrderFilterColumn;
        return {
          id: setting.id,
          title,
          cell: cells[setting.id],
          sortable: setting.sort && columnSortField[setting.id] !== undefined,
          sortDescFirst: setting.sort_type === 'desc',
          nowrap: true,
          headerExtra: filterType !== null && onFilter && (
            <ColumnFilter
              kind={kind}
              column={column}
              type={filterType}
              title={title}
              value={filters?.[column]}
              onChange={(value) => onFilter(column, value)}
            />
          ),
        };
      }),
    [settings, cells, t, kind, filters, onFilter],
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(settings.map((s) => [s.id, isColumnVisible(s, viewport)])),
    [settings, viewport],
  );
  const columnOrder = useMemo(() => settings.map((s) => s.id), [settings]);
  const sortColumn = sortFieldColumn(sort);

  return (
    <DataTable<OrderListRow>
      columns={columns}
      rows={props.rows}
      rowId={(row) => row.id}
      caption={props.caption}
      showCaption
      sort={sortColumn ? { column: sortColumn, direction: sortType } : undefined}
      onSort={({ column, direction }) => {
        const field = columnSortField[column as OrderColumnId];
        if (field) onSort(field, direction);
      }}
      columnVisibility={columnVisibility}
      columnOrder={columnOrder}
      query={props.query}
      errorTitle={t('orders:list.load_failed')}
      // The list's status line says it is loading.
      loading={false}
      empty={t('orders:list.empty')}
      rowProps={(row) => ({ 'data-overdue': row.overdue || undefined })}
      interactive
      pager={props.pager}
    />
  );
}
