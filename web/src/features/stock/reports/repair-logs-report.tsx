import { HStack } from '@chakra-ui/react';
import type { RepairLogReportRow } from '@nine/shared/schemas/stock';
import { useRepairLogReport } from '../api/get-repair-log-report.ts';
import { Figures } from './report-controls.tsx';
import { periodLabel } from './report-format.ts';
import type { RepairLogReportState } from './report-params.ts';
import { ReportScreen, type ReportScreenProps } from './report-screen.tsx';
import { useReportData } from './use-report-data.ts';
import { repairLogsTable, repairLogsTotals } from './repair-logs-definition.tsx';

export type RepairLogsReportProps = ReportScreenProps<RepairLogReportState, RepairLogReportRow>;

/** reports/repair-logs: the period's repair logs with their work, cost and time out of service. */
export function RepairLogsReport(props: RepairLogsReportProps) {
  const reportData = useReportData(props, useRepairLogReport);
  const { context, t, locale, query } = reportData;
  const data = reportData.report.data;

  return (
    <ReportScreen
      screen={props}
      data={reportData}
      definition={repairLogsTable}
      period={periodLabel(t, query, locale)}
      searchLabel={t('stock:reports.repair_logs.search')}
      statuses={(['open', 'closed'] as const).map((value) => ({
        value,
        label: t(`stock:reports.repair_logs.statuses.${value}`),
      }))}
    >
      {data && (
        <HStack
          as="section"
          aria-label={t('stock:reports.repair_logs.totals.label')}
          gap="3"
          wrap="wrap"
          data-testid="repair-log-totals"
        >
          <Figures figures={repairLogsTotals(data.totals, context)} />
        </HStack>
      )}
    </ReportScreen>
  );
}
