import { Box, Button, HStack, Link as ChakraLink, Stack, Table, Text, chakra } from '@chakra-ui/react';
import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@nine/shared/money';
import type { OrderListRow } from '@nine/shared/schemas/orders';
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
import type { OrderFilterColumn } from '@nine/shared/schemas/orders';
import type { OrderKind } from '../order-kind.ts';
import { ColumnFilter } from './column-filter.tsx';
import { defaultColumnTitle } from './column-title.ts';
import { formatDateTime } from './format.ts';
import { OrderFlags } from './order-flags.tsx';
import { OrderStatusBadge, OverdueBadge } from './order-status-badge.tsx';

// Sorting is the server's (manual); the table owns which columns show and in which order.
const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, columnOrderingFeature });
const helper = createColumnHelper<typeof features, OrderListRow>();
// The helper's own element type: each column keeps its value type, the record holds them all.
type OrderColumn = ReturnType<typeof helper.columns>[number];

const EMPTY: OrderListRow[] = [];

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
  busy: boolean;
  /** The column filters set now; without onFilter the headers offer none. */
  filters?: ColumnFilters;
  onFilter?(column: OrderFilterColumn, value: string | undefined): void;
}

interface CellDeps {
  t: AppT;
  language: string;
  currencySymbol: string;
  orderHref(id: number): string;
  printHref?(id: number): string;
}

const dateColumns = [
  'planned_start',
  'planned_finish',
  'actual_start',
  'actual_finish',
  'closed_at',
  'cancelled_at',
  'created_at',
] as const;

function buildColumns(deps: CellDeps): Record<OrderColumnId, OrderColumn> {
  const { t, language, currencySymbol, orderHref, printHref } = deps;
  const money = (minor: number) => formatMoney(minor, currencySymbol, language);
  const dates = Object.fromEntries(
    dateColumns.map((id) => [
      id,
      helper.accessor((row) => row[id], {
        id,
        cell: (info) => <Text whiteSpace="nowrap">{formatDateTime(info.row.original[id])}</Text>,
      }),
    ]),
  ) as Record<(typeof dateColumns)[number], OrderColumn>;

  return {
    number: helper.accessor((row) => row.number, {
      id: 'number',
      cell: (info) => (
        <ChakraLink asChild fontWeight="semibold" colorPalette="blue" variant="underline">
          <Link href={orderHref(info.row.original.id)}>{`#${info.row.original.number}`}</Link>
        </ChakraLink>
      ),
    }),
    customer: helper.accessor((row) => row.customer?.name ?? '', {
      id: 'customer',
      cell: (info) => {
        const customer = info.row.original.customer;
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
    }),
    ...dates,
    paid: helper.accessor((row) => row.paid_minor, {
      id: 'paid',
      cell: (info) => (
        <Text whiteSpace="nowrap">
          {t('orders:list.paid_of', {
            paid: money(info.row.original.paid_minor),
            total: money(info.row.original.total_minor),
          })}
        </Text>
      ),
    }),
    total: helper.accessor((row) => row.total_minor, {
      id: 'total',
      cell: (info) => <Text whiteSpace="nowrap">{money(info.row.original.total_minor)}</Text>,
    }),
    rental_items: helper.accessor((row) => row.rental_items, {
      id: 'rental_items',
      cell: (info) => new Intl.NumberFormat(language).format(info.row.original.rental_items),
    }),
    flags: helper.accessor((row) => row.flags, {
      id: 'flags',
      cell: (info) => <OrderFlags flags={info.row.original.flags} />,
    }),
    source: helper.accessor((row) => row.source, {
      id: 'source',
      cell: (info) => sourceLabel(t, info.row.original.source),
    }),
    status: helper.accessor((row) => row.status, {
      id: 'status',
      cell: (info) => (
        <HStack gap="1" wrap="wrap">
          <OrderStatusBadge status={info.row.original.status} />
          {info.row.original.overdue && <OverdueBadge />}
        </HStack>
      ),
    }),
    events: helper.display({
      id: 'events',
      cell: (info) => {
        const row = info.row.original;
        return (
          <HStack gap="1">
            <Button asChild size="xs" variant="outline">
              <Link href={orderHref(row.id)} aria-label={t('orders:list.open_order', { number: row.number })}>
                {t('orders:list.open')}
              </Link>
            </Button>
            {printHref !== undefined && (
              <Button asChild size="xs" variant="ghost">
                <Link
                  href={printHref(row.id)}
                  aria-label={t('orders:list.print_order', { number: row.number })}
                >
                  {t('orders:list.print')}
                </Link>
              </Button>
            )}
          </HStack>
        );
      },
    }),
  };
}

const sourceKeys = ['web', 'phone', 'back_end', 'walk_in', 'kiosk'] as const;
function sourceLabel(t: AppT, source: string): string {
  return (sourceKeys as readonly string[]).includes(source)
    ? t(`orders:sources.${source as (typeof sourceKeys)[number]}`)
    : source;
}

function SortArrow({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <chakra.span aria-hidden="true" color={direction ? 'fg' : 'fg.subtle'} fontSize="xs">
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </chakra.span>
  );
}

/** One page of orders; the server sorted and paged it, this only renders what the column settings show. */
export function OrderTable(props: OrderTableProps) {
  const { t } = useAppTranslation();
  const language = currentLanguage();
  const {
    kind,
    rows,
    columns: settings,
    viewport,
    sort,
    sortType,
    onSort,
    currencySymbol,
    orderHref,
    printHref,
  } = props;

  const byId = useMemo(
    () => buildColumns({ t, language, currencySymbol, orderHref, printHref }),
    [t, language, currencySymbol, orderHref, printHref],
  );
  const columns = useMemo(
    () =>
      settings.map((setting) => ({
        ...byId[setting.id],
        header: setting.title.trim() || defaultColumnTitle(t, kind, setting.id),
        enableSorting: setting.sort && columnSortField[setting.id] !== undefined,
        sortDescFirst: setting.sort_type === 'desc',
      })),
    [settings, byId, t, kind],
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(settings.map((s) => [s.id, isColumnVisible(s, viewport)])),
    [settings, viewport],
  );
  const columnOrder = useMemo(() => settings.map((s) => s.id), [settings]);
  const sortColumn = sortFieldColumn(sort);
  const sorting = useMemo<SortingState>(
    () => (sortColumn ? [{ id: sortColumn, desc: sortType === 'desc' }] : []),
    [sortColumn, sortType],
  );

  const table = useTable({
    features,
    columns,
    data: rows ?? EMPTY,
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, columnVisibility, columnOrder },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const field = first ? columnSortField[first.id as OrderColumnId] : undefined;
      if (first && field) onSort(field, first.desc ? 'desc' : 'asc');
    },
  });

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2" aria-busy={props.busy}>
      <Table.Root size="sm" stickyHeader interactive>
        <Table.Caption captionSide="top" textAlign="start" px="3" py="2" color="fg.muted">
          {props.caption}
        </Table.Caption>
        <Table.Header>
          {table.getHeaderGroups().map((group) => (
            <Table.Row key={group.id}>
              {group.headers.map((header) => {
                const column = header.column;
                const direction = column.getIsSorted();
                const title = String(column.columnDef.header ?? column.id);
                const filterType = props.onFilter ? columnFilterType(kind, column.id as OrderColumnId) : null;
                const onFilter = props.onFilter;
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    whiteSpace="nowrap"
                    aria-sort={
                      direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                    }
                  >
                    <HStack gap="0.5" wrap="nowrap">
                      {column.getCanSort() ? (
                        <Button
                          variant="plain"
                          size="xs"
                          px="0"
                          fontWeight="semibold"
                          aria-label={
                            direction
                              ? `${title}, ${t(direction === 'asc' ? 'orders:list.sorted_asc' : 'orders:list.sorted_desc')}`
                              : t('orders:list.sort_by', { column: title })
                          }
                          // A new column sorts in its configured direction first; the current one flips.
                          onClick={() =>
                            column.toggleSorting(
                              direction ? direction === 'asc' : column.getFirstSortDir() === 'desc',
                            )
                          }
                        >
                          {title} <SortArrow direction={direction} />
                        </Button>
                      ) : (
                        title
                      )}
                      {filterType !== null && onFilter && (
                        <ColumnFilter
                          kind={kind}
                          column={column.id as OrderFilterColumn}
                          type={filterType}
                          title={title}
                          value={props.filters?.[column.id as OrderFilterColumn]}
                          onChange={(value) => onFilter(column.id as OrderFilterColumn, value)}
                        />
                      )}
                    </HStack>
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          ))}
        </Table.Header>
        <Table.Body>
          {table.getRowModel().rows.map((row) => (
            <Table.Row key={row.id} data-overdue={row.original.overdue || undefined}>
              {row.getVisibleCells().map((cell) => (
                <Table.Cell key={cell.id} verticalAlign="top">
                  <table.FlexRender cell={cell} />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {rows !== undefined && rows.length === 0 && (
        <Box px="4" py="8" textAlign="center" color="fg.muted">
          {t('orders:list.empty')}
        </Box>
      )}
    </Table.ScrollArea>
  );
}
