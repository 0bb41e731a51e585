import { RepairLogsReport } from '../../features/stock/reports/repair-logs-report.tsx';
import { RepairLogsReportPrint } from '../../features/stock/reports/repair-logs-report-print.tsx';
import { parseRepairLogReportState } from '../../features/stock/reports/report-params.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';
import { ReportPrintPage, ReportScreenPage } from './report-pages.tsx';

/** reports/repair-logs. */
export function RepairLogsReportPage() {
  const { t } = useAppTranslation();
  return (
    <ReportScreenPage
      parse={parseRepairLogReportState}
      Report={RepairLogsReport}
      title={t('stock:titles.repair_logs_report')}
      printPath={pathTo('repairLogsPrint')}
      exportSource="repair-logs"
      exportName={t('stock:reports.repair_logs.export_name')}
    />
  );
}

/** reports/repair-logs/print: the same period and filters, on A4. */
export function RepairLogsReportPrintPage() {
  return (
    <ReportPrintPage
      parse={parseRepairLogReportState}
      Print={RepairLogsReportPrint}
      reportPath={pathTo('repairLogs')}
    />
  );
}
