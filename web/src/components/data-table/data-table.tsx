import { Box, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import {
  columnOrderingFeature,
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row as TableRow,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import {
  useMemo,
  useRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { useAppTranslation } from '../../lib/i18n.ts';
import { ListPager, type ListPagerProps } from '../list-pager.tsx';
import { QueryError } from '../query-error.tsx';
import { SortHeader, type SortDirection } from './sort-header.tsx';
import { VirtualBody } from './virtual-body.tsx';

/** One column: its header, its cell, and whether the server sorts by it. */
export interface DataTableColumn<Row> {
  /** Also the sort key handed to `onSort`, and the key of column visibility and order. */
  id: string;
  title: string;
  cell(row: Row): ReactNode;
  /** The server sorts by this column. */
  sortable?: boolean;
  /** Picked anew, the column sorts descending first (latest, largest). */
  sortDescFirst?: boolean;
  /** A control beside the title (a column filter). */
  headerExtra?: ReactNode;
  align?: 'start' | 'center' | 'end';
  /** The title is for screen readers only (a column of row actions). */
  titleHidden?: boolean;
  /** Its cells are `<th scope="row">`: they name their row (a matrix's first column). */
  rowHeader?: boolean;
  /** Left out of a printed list (actions). */
  hideWhenPrinting?: boolean;
  /** Keeps the header on one line. */
  nowrap?: boolean;
}

export interface DataTableSort {
  column: string;
  direction: SortDirection;
}

/** What the table reads of the list's query (a TanStack `useQuery` result fits). */
export interface DataTableQuery {
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch(): unknown;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  /** The page the server answered; undefined while the first answer is on its way. */
  rows: readonly Row[] | undefined;
  rowId(row: Row): string | number;
  caption: string;
  /** The caption is for screen readers unless shown. */
  showCaption?: boolean;
  /** false leaves the header row out (a list whose controls name their row); the caption names the table. */
  showHeader?: boolean;
  sort?: DataTableSort;
  onSort?(sort: DataTableSort): void;
  /** From the list's column config: which columns show (default all) and in which order. */
  columnVisibility?: Readonly<Record<string, boolean>>;
  columnOrder?: readonly string[];
  query?: DataTableQuery;
  /** Heads the error of a failed load. */
  errorTitle?: string;
  /** Under the headers when the page is empty; without it an empty page shows no table at all. */
  empty?: ReactNode;
  /** A muted line that stands in place of the whole table when the rows are none (a record's short list). */
  emptyNote?: ReactNode;
  /** While the first page loads; false when the list's own status line says so. */
  loading?: ReactNode | false;
  /** Paging through `ListPager`, shown once a page has arrived. */
  pager?: ListPagerProps;
  /** Makes each row focusable: Enter (or a click outside its controls) opens this address. */
  rowHref?(row: Row): string;
  rowProps?(row: Row): HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;
  /** Above this many rows only the visible ones are rendered, in a scrolled box. */
  virtualizeAbove?: number;
  /** Bounds the table's height (inside a dialog): the body scrolls under its sticky header. */
  maxH?: string;
  /**
   * How sort buttons are named: 'described' ("Sort by Total", "Total, sorted ascending") or 'title' (the
   * title alone; the order is read from the header's aria-sort) or 'title-until-sorted' (the title,
   * described once the column is the sorted one).
   */
  sortButtonNames?: 'described' | 'title' | 'title-until-sorted';
  /** Unsorted sortable columns show '↕' (default true). */
  unsortedMarker?: boolean;
  size?: 'sm' | 'md';
  striped?: boolean;
  interactive?: boolean;
}

export const VIRTUALIZE_ABOVE = 100;

// Sorting is the server's (manual); the table owns which columns show and in which order.
const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, columnOrderingFeature });
const printHidden = { '@media print': { display: 'none' } };
const interactiveSelector = 'a, button, input, select, textarea, label, [role="button"]';

/**
 * The one list table: server-side sorting through `aria-sort` headers, column visibility and order from a
 * column config, loading, empty and error-with-retry states, keyboard row links, a virtualised body for
 * long pages and `ListPager` under it. The list keeps its state in the URL (`useListUrlState`).
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { t } = useAppTranslation();
  const [, navigate] = useLocation();
  const { columns: specs, rows, sort, onSort, query, rowHref } = props;
  const scrollRef = useRef<HTMLDivElement>(null);

  const byId = useMemo(() => new Map(specs.map((spec) => [spec.id, spec])), [specs]);
  const columns = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      specs.map((spec) => ({
        id: spec.id,
        // The cell renders the row itself; an accessor is what makes a column sortable at all.
        accessorFn: () => null,
        header: spec.title,
        cell: (info) => spec.cell(info.row.original),
        enableSorting: spec.sortable === true && onSort !== undefined,
        sortDescFirst: spec.sortDescFirst === true,
      })),
    [specs, onSort],
  );
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.column, desc: sort.direction === 'desc' }] : []),
    [sort],
  );
  const columnOrder = useMemo(
    () => [...(props.columnOrder ?? specs.map((s) => s.id))],
    [props.columnOrder, specs],
  );
  const columnVisibility = useMemo(() => ({ ...props.columnVisibility }), [props.columnVisibility]);

  const table = useTable({
    features,
    columns,
    data: (rows ?? []) as Row[],
    getRowId: (row: Row) => String(props.rowId(row)),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, columnVisibility, columnOrder },
    onSortingChange: (updater: Updater<SortingState>) => {
      const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      if (first && onSort) onSort({ column: first.id, direction: first.desc ? 'desc' : 'asc' });
    },
  });

  const open = (row: Row) => rowHref && navigate(rowHref(row));
  const rowHandlers = (row: Row) =>
    rowHref === undefined
      ? {}
      : {
          tabIndex: 0,
          onKeyDown: (event: KeyboardEvent<HTMLTableRowElement>) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
          },
          onClick: (event: MouseEvent<HTMLTableRowElement>) => {
            if (!(event.target as HTMLElement).closest(interactiveSelector)) open(row);
          },
          cursor: 'pointer',
        };

  const showHeader = props.showHeader !== false;
  // aria-rowindex counts the header row, when there is one.
  const firstRowIndex = showHeader ? 2 : 1;

  const renderRow = (row: TableRow<typeof features, Row>, index?: number) => (
    <Table.Row
      key={row.id}
      aria-rowindex={index === undefined ? undefined : index + firstRowIndex}
      {...rowHandlers(row.original)}
      {...props.rowProps?.(row.original)}
    >
      {row.getVisibleCells().map((cell) => {
        const spec = byId.get(cell.column.id);
        return (
          <Table.Cell
            key={cell.id}
            {...(spec?.rowHeader ? { as: 'th', scope: 'row', fontWeight: 'medium' } : {})}
            verticalAlign="top"
            textAlign={spec?.align}
            css={spec?.hideWhenPrinting ? printHidden : undefined}
          >
            {/* Called, not rendered as a component: a screen's cell functions are new on each render, and
                as component types they would remount the cell (an input in it loses its focus and text). */}
            {spec?.cell(row.original)}
          </Table.Cell>
        );
      })}
    </Table.Row>
  );

  const tableRows = table.getRowModel().rows;
  const visibleCount = table.getVisibleLeafColumns().length;
  const virtual = tableRows.length > (props.virtualizeAbove ?? VIRTUALIZE_ABOVE);
  const failed = query?.isError === true;
  const showTable = rows === undefined ? !failed : rows.length > 0 || props.empty !== undefined;
  const loading = props.loading ?? t('common:data_table.loading');

  if (rows?.length === 0 && props.emptyNote !== undefined)
    return <Text color="fg.muted">{props.emptyNote}</Text>;

  return (
    <>
      {failed && query && (
        <QueryError
          title={props.errorTitle}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {showTable && (
        <Table.ScrollArea
          ref={scrollRef}
          borderWidth="1px"
          borderRadius="l2"
          aria-busy={query?.isFetching}
          maxH={props.maxH ?? (virtual ? '70vh' : undefined)}
          overflowY={virtual || props.maxH !== undefined ? 'auto' : undefined}
        >
          <Table.Root
            size={props.size ?? 'sm'}
            stickyHeader
            striped={props.striped}
            interactive={props.interactive ?? rowHref !== undefined}
            aria-rowcount={virtual ? tableRows.length + firstRowIndex - 1 : undefined}
          >
            <Table.Caption
              captionSide="top"
              textAlign="start"
              px="3"
              py="2"
              color="fg.muted"
              srOnly={props.showCaption !== true}
            >
              {props.caption}
            </Table.Caption>
            {showHeader && (
              <Table.Header>
                {table.getHeaderGroups().map((group) => (
                  <Table.Row key={group.id} aria-rowindex={virtual ? 1 : undefined}>
                    {group.headers.map((header) => {
                      const column = header.column;
                      const spec = byId.get(column.id);
                      const direction = column.getIsSorted();
                      return (
                        <SortHeader
                          key={header.id}
                          title={spec?.title ?? column.id}
                          sortable={column.getCanSort()}
                          direction={direction === false ? null : direction}
                          // A new column sorts in its first direction; the current one flips.
                          onSort={() =>
                            column.toggleSorting(
                              direction ? direction === 'asc' : column.getFirstSortDir() === 'desc',
                            )
                          }
                          extra={spec?.headerExtra}
                          align={spec?.align}
                          titleHidden={spec?.titleHidden}
                          nowrap={spec?.nowrap}
                          describeSort={
                            props.sortButtonNames === 'title-until-sorted'
                              ? 'when-sorted'
                              : props.sortButtonNames !== 'title'
                          }
                          unsortedMarker={props.unsortedMarker}
                          hideWhenPrinting={spec?.hideWhenPrinting}
                        />
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Header>
            )}
            <Table.Body>
              {virtual ? (
                <VirtualBody
                  rows={tableRows}
                  columnCount={visibleCount}
                  scrollRef={scrollRef}
                  render={renderRow}
                />
              ) : (
                tableRows.map((row) => renderRow(row))
              )}
            </Table.Body>
          </Table.Root>
          {rows === undefined && loading !== false && (
            <HStack justify="center" py="6" color="fg.muted">
              <Spinner size="sm" />
              <Text>{loading}</Text>
            </HStack>
          )}
          {rows !== undefined && rows.length === 0 && (
            <Box px="4" py="8" textAlign="center" color="fg.muted">
              {props.empty}
            </Box>
          )}
        </Table.ScrollArea>
      )}
      {rows !== undefined && props.pager && <ListPager {...props.pager} />}
    </>
  );
}
