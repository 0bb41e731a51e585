import { Box, Link as ChakraLink, Text, chakra } from '@chakra-ui/react';
import type { RowData } from '@tanstack/react-table';
import type { ParseKeys } from 'i18next';
import type { Key, ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '../../../lib/format.ts';
import { currentLanguage, useAppTranslation, type AppT } from '../../../lib/i18n.ts';
import type { appNamespaces } from '../../../lib/locale-namespaces.ts';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { ListPager } from '../../../components/list-pager.tsx';
import { ReportLoadError } from './report-controls.tsx';
import { REPORT_PAGE_SIZE, type ReportState } from './report-params.ts';

type LabelKey = ParseKeys<typeof appNamespaces>;

/** What a cell is rendered with: the translator, the reader's locale and the location's currency. */
export interface ReportCellContext {
  t: AppT;
  locale: string;
  money(minor: number): string;
}

export function useReportCellContext(currencySymbol: string): ReportCellContext {
  const { t } = useAppTranslation();
  const locale = currentLanguage();
  return { t, locale, money: (minor) => formatMoney(minor, currencySymbol, locale) };
}

type ColumnBase<Row> = {
  label: LabelKey;
  /** A figure: right-aligned on screen (header and cells) and in the printed cells. */
  numeric?: boolean;
  /** Free text that wraps on screen instead of widening the table. */
  wrap?: boolean;
  /** The cell that holds the row's link (named by the table's `openRow`). */
  link?: boolean;
  cell(row: Row, context: ReportCellContext): ReactNode;
  /** The printed cell, when paper shows it differently (plain text for a badge, say). */
  print?(row: Row, context: ReportCellContext): ReactNode;
};

/** A sortable column's key is the report's sort; the others' key only names the column. */
export type ReportColumn<Row, Sort extends string> = ColumnBase<Row> &
  ({ key: Sort; sortable: true } | { key: string; sortable?: false });

/** One report's table, declared once for the screen and the print view. */
export interface ReportTableDefinition<Row, Sort extends string> {
  /** The table's accessible name. */
  label: LabelKey;
  empty: LabelKey;
  rowKey(row: Row): Key;
  /** The accessible name of the row's link. */
  openRow(row: Row, t: AppT): string;
  columns: readonly ReportColumn<Row, Sort>[];
}

/** The slice of a report query the table shows. */
export interface ReportTableQuery<Row> {
  data?: { rows: Row[]; total: number };
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
}

/** A report's rows on screen: error, loading and empty states, sort headers, row links and the pager. */
export function ReportTable<Row extends RowData, Sort extends string>({
  definition,
  report,
  context,
  state,
  onChange,
  rowHref,
}: {
  definition: ReportTableDefinition<Row, Sort>;
  report: ReportTableQuery<Row>;
  context: ReportCellContext;
  state: ReportState<string, NoInfer<Sort>>;
  onChange(patch: { sort: NoInfer<Sort>; dir: 'asc' | 'desc' } | { page: number }): void;
  rowHref(row: Row): string;
}) {
  const { t } = context;
  const data = report.data;
  const columns = definition.columns.map((column): DataTableColumn<Row> => ({
    id: column.key,
    title: t(column.label),
    sortable: column.sortable === true,
    align: column.numeric ? 'end' : undefined,
    cell: (row) => {
      const content = column.link ? (
        <ChakraLink asChild colorPalette="blue" variant="underline">
          <Link href={rowHref(row)} aria-label={definition.openRow(row, t)}>
            {column.cell(row, context)}
          </Link>
        </ChakraLink>
      ) : (
        column.cell(row, context)
      );
      return column.wrap ? (
        <Box maxW="64" whiteSpace="normal">
          {content}
        </Box>
      ) : (
        content
      );
    },
  }));
  return (
    <>
      {report.isError && <ReportLoadError onRetry={() => void report.refetch()} />}
      {report.isPending ? (
        <Text>{t('stock:common.loading')}</Text>
      ) : data && data.rows.length === 0 ? (
        <Text color="fg.muted">{t(definition.empty)}</Text>
      ) : data ? (
        <DataTable<Row>
          columns={columns}
          rows={data.rows}
          rowId={(row) => definition.rowKey(row) as string | number}
          caption={t(definition.label)}
          sort={{ column: state.sort, direction: state.dir }}
          onSort={({ column, direction }) => onChange({ sort: column as Sort, dir: direction })}
          unsortedMarker={false}
          rowHref={rowHref}
        />
      ) : null}
      {/* Outside the table: a page past the end (empty) still offers the way back. */}
      {data && data.total > REPORT_PAGE_SIZE && (
        <ListPager
          page={state.page}
          total={data.total}
          pageSize={REPORT_PAGE_SIZE}
          onPage={(page) => onChange({ page })}
        />
      )}
    </>
  );
}

const PrintCell = chakra('td', {
  base: { py: '1', pe: '2', verticalAlign: 'top', borderBottom: '1px solid #ccc' },
});
const PrintHeadCell = chakra('th', {
  base: { py: '1', pe: '2', textAlign: 'start', borderBottom: '1px solid #000' },
});

/** The same columns on paper, or the empty text; and a note when the sheet holds only the first rows. */
export function ReportPrintTable<Row, Sort extends string>({
  definition,
  data,
  context,
}: {
  definition: ReportTableDefinition<Row, Sort>;
  data: { rows: Row[]; total: number };
  context: ReportCellContext;
}) {
  const { t } = context;
  return (
    <>
      {data.rows.length === 0 ? (
        <Text>{t(definition.empty)}</Text>
      ) : (
        <chakra.table width="full" borderCollapse="collapse" aria-label={t(definition.label)}>
          <thead>
            <tr>
              {definition.columns.map((column) => (
                <PrintHeadCell key={column.key}>{t(column.label)}</PrintHeadCell>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={definition.rowKey(row)}>
                {definition.columns.map((column) => (
                  <PrintCell key={column.key} textAlign={column.numeric ? 'end' : undefined}>
                    {(column.print ?? column.cell)(row, context)}
                  </PrintCell>
                ))}
              </tr>
            ))}
          </tbody>
        </chakra.table>
      )}
      {data.total > data.rows.length && (
        <Text mt="3">{t('stock:reports.truncated', { shown: data.rows.length, total: data.total })}</Text>
      )}
    </>
  );
}
