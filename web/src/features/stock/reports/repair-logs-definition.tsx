import { Badge } from '@chakra-ui/react';
import type { RepairLogReport, RepairLogReportRow } from '@nine/shared/schemas/stock';
import type { ReportFigure } from './report-controls.tsx';
import { formatDateTime, formatDecimal } from '../../../lib/format.ts';
import type { RepairLogReportState } from './report-params.ts';
import type { ReportCellContext, ReportTableDefinition } from './report-table.tsx';

/** The Repair Logs report's columns, on screen and on paper. */
export const repairLogsTable: ReportTableDefinition<RepairLogReportRow, RepairLogReportState['sort']> = {
  label: 'stock:reports.repair_logs.table',
  empty: 'stock:reports.repair_logs.empty',
  rowKey: (row) => row.id,
  openRow: (row, t) => t('stock:reports.repair_logs.open_row', { sku: row.item_sku }),
  columns: [
    {
      key: 'opened_at',
      sortable: true,
      label: 'stock:reports.repair_logs.columns.opened',
      cell: (row, { locale }) => formatDateTime(row.opened_at, locale),
    },
    {
      key: 'item_sku',
      sortable: true,
      link: true,
      label: 'stock:reports.repair_logs.columns.item_sku',
      cell: (row) => row.item_sku,
    },
    {
      key: 'product_name',
      sortable: true,
      label: 'stock:reports.repair_logs.columns.product',
      cell: (row) => row.product_name,
    },
    {
      key: 'problem',
      wrap: true,
      label: 'stock:reports.repair_logs.columns.problem',
      cell: (row) => row.problem,
    },
    {
      key: 'opened_by',
      label: 'stock:reports.repair_logs.columns.opened_by',
      cell: (row) => row.opened_by ?? '—',
      print: (row) => row.opened_by ?? '',
    },
    {
      key: 'work_count',
      sortable: true,
      numeric: true,
      label: 'stock:reports.repair_logs.columns.work_count',
      cell: (row, { locale }) => formatDecimal(row.work_count, locale),
    },
    {
      key: 'cost',
      sortable: true,
      numeric: true,
      label: 'stock:reports.repair_logs.columns.cost',
      cell: (row, { money }) => money(row.cost_minor),
    },
    {
      key: 'closed_at',
      sortable: true,
      label: 'stock:reports.repair_logs.columns.closed',
      cell: (row, { locale }) => (row.closed_at === null ? '—' : formatDateTime(row.closed_at, locale)),
      print: (row, { locale }) => formatDateTime(row.closed_at, locale),
    },
    {
      key: 'days_out',
      sortable: true,
      numeric: true,
      label: 'stock:reports.repair_logs.columns.days_out',
      cell: (row, { locale }) => formatDecimal(row.days_out, locale),
    },
    {
      key: 'status',
      label: 'stock:reports.repair_logs.columns.status',
      cell: (row, { t }) => (
        <Badge colorPalette={row.status === 'open' ? 'orange' : 'green'}>
          {t(`stock:reports.repair_logs.statuses.${row.status}`)}
        </Badge>
      ),
      print: (row, { t }) => t(`stock:reports.repair_logs.statuses.${row.status}`),
    },
  ],
};

/** The totals of the filtered logs, over every page. */
export const repairLogsTotals = (
  totals: RepairLogReport['totals'],
  { t, locale, money }: ReportCellContext,
): ReportFigure[] => [
  [t('stock:reports.repair_logs.totals.logs'), formatDecimal(totals.logs, locale)],
  [t('stock:reports.repair_logs.totals.open'), formatDecimal(totals.open, locale)],
  [t('stock:reports.repair_logs.totals.cost'), money(totals.cost_minor)],
  [
    t('stock:reports.repair_logs.totals.avg_days'),
    totals.avg_days_out === null ? '—' : formatDecimal(totals.avg_days_out, locale),
  ],
];
