import { MaintenanceReport } from '../../features/stock/reports/maintenance-report.tsx';
import { MaintenanceReportPrint } from '../../features/stock/reports/maintenance-report-print.tsx';
import { parseMaintenanceReportState } from '../../features/stock/reports/report-params.ts';
import { useAppTranslation } from '../../lib/i18n.ts';
import { pathTo } from '../route-table.ts';
import { ReportPrintPage, ReportScreenPage } from './report-pages.tsx';

/** reports/maintenance. */
export function MaintenanceReportPage() {
  const { t } = useAppTranslation();
  return (
    <ReportScreenPage
      parse={parseMaintenanceReportState}
      Report={MaintenanceReport}
      title={t('stock:titles.maintenance_report')}
      printPath={pathTo('maintenanceReportPrint')}
      exportSource="maintenance"
      exportName={t('stock:reports.maintenance.export_name')}
    />
  );
}

/** reports/maintenance/print: the same filters and period, on A4. */
export function MaintenanceReportPrintPage() {
  return (
    <ReportPrintPage
      parse={parseMaintenanceReportState}
      Print={MaintenanceReportPrint}
      reportPath={pathTo('maintenanceReport')}
    />
  );
}
