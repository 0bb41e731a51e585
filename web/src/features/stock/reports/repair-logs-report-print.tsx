import { Text } from '@chakra-ui/react';
import { useRepairLogReport } from '../api/get-repair-log-report.ts';
import { ReportPrintSheet } from './report-print-sheet.tsx';
import type { ReportPrintProps } from './report-screen.tsx';
import { figureLine } from './report-controls.tsx';
import { periodLabel } from './report-format.ts';
import type { RepairLogReportState } from './report-params.ts';
import { ReportPrintTable } from './report-table.tsx';
import { useReportData } from './use-report-data.ts';
import { repairLogsTable, repairLogsTotals } from './repair-logs-definition.tsx';

export type RepairLogsReportPrintProps = ReportPrintProps<RepairLogReportState>;

/** reports/repair-logs/print: the same period and filters on an A4 sheet, totals first. */
export function RepairLogsReportPrint(props: RepairLogsReportPrintProps) {
  const { state } = props;
  const { context, t, locale, query, report } = useReportData(props, useRepairLogReport, { print: true });
  const data = report.data;
  const filters = [
    periodLabel(t, query, locale),
    state.status ? t(`stock:reports.repair_logs.statuses.${state.status}`) : null,
    state.search ? `“${state.search}”` : null,
  ].filter((part) => part !== null);

  return (
    <ReportPrintSheet print={props} report={report} heading={t('stock:reports.repair_logs.heading')}>
      {data && (
        <>
          <Text mb="2">{filters.join(' · ')}</Text>
          <Text mb="3" data-testid="repair-log-print-totals">
            {figureLine(repairLogsTotals(data.totals, context))}
          </Text>
          <ReportPrintTable definition={repairLogsTable} data={data} context={context} />
        </>
      )}
    </ReportPrintSheet>
  );
}
