import { Link as ChakraLink, Table, Text, chakra } from '@chakra-ui/react';
import type { ParseKeys } from 'i18next';
import type { Key, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { formatMoney } from '@nine/shared/money';
import { currentLanguage, useAppTranslation, type AppT, type appNamespaces } from '../../../lib/i18n.ts';
import { ListPager } from '../../../components/list-pager.tsx';
import { ReportLoadError, SortHeader } from './report-controls.tsx';
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
export function ReportTable<Row, Sort extends string>({
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
  const [, navigate] = useLocation();
  const data = report.data;
  return (
    <>
      {report.isError && <ReportLoadError onRetry={() => void report.refetch()} />}
      {report.isPending ? (
        <Text>{t('stock:common.loading')}</Text>
      ) : data && data.rows.length === 0 ? (
        <Text color="fg.muted">{t(definition.empty)}</Text>
      ) : data ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" interactive aria-label={t(definition.label)}>
            <Table.Header>
              <Table.Row>
                {definition.columns.map((column) =>
                  column.sortable ? (
                    <SortHeader
                      key={column.key}
                      column={column.key}
                      label={t(column.label)}
                      state={state}
                      onSort={(_, dir) => onChange({ sort: column.key, dir })}
                      numeric={column.numeric}
                    />
                  ) : (
                    <Table.ColumnHeader key={column.key} textAlign={column.numeric ? 'end' : undefined}>
                      {t(column.label)}
                    </Table.ColumnHeader>
                  ),
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.rows.map((row) => (
                <Table.Row
                  key={definition.rowKey(row)}
                  cursor="pointer"
                  onClick={() => navigate(rowHref(row))}
                >
                  {definition.columns.map((column) => (
                    <Table.Cell
                      key={column.key}
                      textAlign={column.numeric ? 'end' : undefined}
                      maxW={column.wrap ? '64' : undefined}
                      whiteSpace={column.wrap ? 'normal' : undefined}
                    >
                      {column.link ? (
                        <ChakraLink asChild colorPalette="blue" variant="underline">
                          <Link
                            href={rowHref(row)}
                            aria-label={definition.openRow(row, t)}
                            onClick={(event) => event.stopPropagation()}
                          >
                            {column.cell(row, context)}
                          </Link>
                        </ChakraLink>
                      ) : (
                        column.cell(row, context)
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
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
