import { Badge } from '@chakra-ui/react';
import type { MaintenanceReport, MaintenanceReportRow } from '@nine/shared/schemas/stock';
import type { ReportFigure } from './report-controls.tsx';
import { formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { dueInLabel, maintenanceStatusPalette, ruleLabel } from './report-format.ts';
import type { MaintenanceReportState } from './report-params.ts';
import type { ReportCellContext, ReportTableDefinition } from './report-table.tsx';

/** The Maintenance report's columns, on screen and on paper. */
export const maintenanceTable: ReportTableDefinition<MaintenanceReportRow, MaintenanceReportState['sort']> = {
  label: 'stock:reports.maintenance.table',
  empty: 'stock:reports.maintenance.empty',
  rowKey: (row) => row.item_id,
  openRow: (row, t) => t('stock:reports.maintenance.open_row', { sku: row.sku }),
  columns: [
    {
      key: 'product_name',
      sortable: true,
      label: 'stock:reports.maintenance.columns.product',
      cell: (row) => row.product_name,
    },
    {
      key: 'sku',
      sortable: true,
      link: true,
      label: 'stock:reports.maintenance.columns.sku',
      cell: (row) => row.sku,
    },
    {
      key: 'rule',
      label: 'stock:reports.maintenance.columns.rule',
      cell: (row, { t, locale }) => ruleLabel(t, row, locale),
    },
    {
      key: 'rent_hours',
      numeric: true,
      label: 'stock:reports.maintenance.columns.rent_hours',
      cell: (row, { locale }) => formatDecimal(row.rent_hours_since_service, locale),
    },
    {
      key: 'days_since',
      numeric: true,
      label: 'stock:reports.maintenance.columns.days_since',
      cell: (row, { locale }) => formatDecimal(row.days_since_service, locale),
    },
    {
      key: 'due_in',
      sortable: true,
      label: 'stock:reports.maintenance.columns.due_in',
      cell: (row, { t, locale }) => dueInLabel(t, row, locale),
    },
    {
      key: 'status',
      label: 'stock:reports.maintenance.columns.status',
      cell: (row, { t }) => (
        <Badge colorPalette={maintenanceStatusPalette[row.status]}>
          {t(`stock:reports.maintenance.statuses.${row.status}`)}
        </Badge>
      ),
      print: (row, { t }) => t(`stock:reports.maintenance.statuses.${row.status}`),
    },
    {
      key: 'last_service_at',
      sortable: true,
      label: 'stock:reports.maintenance.columns.last_serviced',
      cell: (row, { t, locale }) =>
        row.last_serviced_at === null
          ? t('stock:reports.maintenance.never_short')
          : formatDateTime(row.last_serviced_at, locale),
    },
  ],
};

/** The period's services and their cost. */
export const maintenancePeriodFigures = (
  period: MaintenanceReport['period'],
  { t, locale, money }: ReportCellContext,
): ReportFigure[] => [
  [t('stock:reports.maintenance.services'), formatDecimal(period.services, locale)],
  [t('stock:reports.maintenance.repairs_closed'), formatDecimal(period.repairs_closed, locale)],
  [t('stock:reports.maintenance.repairs_cost'), money(period.repairs_cost_minor)],
  [t('stock:reports.maintenance.other_cost'), money(period.other_services_cost_minor)],
  [t('stock:reports.maintenance.total_cost'), money(period.cost_minor)],
];
