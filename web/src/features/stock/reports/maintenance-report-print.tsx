import { Text } from '@chakra-ui/react';
import { maintenanceReportStatuses } from '@nine/shared/schemas/stock';
import { useMaintenanceReport } from '../api/get-maintenance-report.ts';
import { maintenancePeriodFigures, maintenanceTable } from './maintenance-definition.tsx';
import { figureLine } from './report-controls.tsx';
import { ReportPrintSheet } from './report-print-sheet.tsx';
import type { ReportPrintProps } from './report-screen.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { periodLabel } from './report-format.ts';
import type { MaintenanceReportState } from './report-params.ts';
import { ReportPrintTable } from './report-table.tsx';
import { useReportData } from './use-report-data.ts';

export type MaintenanceReportPrintProps = ReportPrintProps<MaintenanceReportState>;

/** reports/maintenance/print: the period's services and the items' standing on an A4 sheet. */
export function MaintenanceReportPrint(props: MaintenanceReportPrintProps) {
  const { state } = props;
  const { context, t, locale, query, report } = useReportData(props, useMaintenanceReport, { print: true });
  const data = report.data;

  return (
    <ReportPrintSheet print={props} report={report} heading={t('stock:reports.maintenance.heading')}>
      {data && (
        <>
          <Text fontWeight="semibold">
            {t('stock:reports.maintenance.period_title')} · {periodLabel(t, query, locale)}
          </Text>
          <Text mb="2" data-testid="maintenance-print-period">
            {figureLine(maintenancePeriodFigures(data.period, context))}
          </Text>
          <Text mb="3">
            {[
              state.status ? t(`stock:reports.maintenance.statuses.${state.status}`) : null,
              state.search ? `“${state.search}”` : null,
              ...maintenanceReportStatuses.map(
                (status) =>
                  `${t(`stock:reports.maintenance.statuses.${status}`)}: ${formatDecimal(data.counts[status], locale)}`,
              ),
            ]
              .filter((part) => part !== null)
              .join(' · ')}
          </Text>
          <ReportPrintTable definition={maintenanceTable} data={data} context={context} />
        </>
      )}
    </ReportPrintSheet>
  );
}
