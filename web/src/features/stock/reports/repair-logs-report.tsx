import { HStack } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { RepairLogReportRow } from '@nine/shared/schemas/stock';
import { useRepairLogReport } from '../api/get-repair-log-report.ts';
import { Figures } from './report-controls.tsx';
import { periodLabel } from './report-format.ts';
import { reportQueryOf, type RepairLogReportState } from './report-params.ts';
import { ReportScreen, type ReportScreenProps } from './report-screen.tsx';
import { useReportCellContext } from './report-table.tsx';
import { repairLogsTable, repairLogsTotals } from './repair-logs-definition.tsx';

export type RepairLogsReportProps = ReportScreenProps<RepairLogReportState, RepairLogReportRow>;

/** reports/repair-logs: the period's repair logs with their work, cost and time out of service. */
export function RepairLogsReport(props: RepairLogsReportProps) {
  const { locationId, currencySymbol, state, now } = props;
  const context = useReportCellContext(currencySymbol);
  const { t, locale } = context;
  const query = useMemo(() => reportQueryOf(state, now ?? new Date()), [state, now]);
  const report = useRepairLogReport(locationId, query);
  const data = report.data;

  return (
    <ReportScreen
      screen={props}
      query={query}
      report={report}
      definition={repairLogsTable}
      context={context}
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
