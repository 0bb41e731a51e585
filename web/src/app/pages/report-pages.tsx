import type { ComponentType } from 'react';
import { ExportButton } from '../../components/export-dialog.tsx';
import { useSession } from '../../features/session/session-context.tsx';
import { serializeReportState, type ReportState } from '../../features/stock/reports/report-params.ts';
import type { ReportPrintProps, ReportScreenProps } from '../../features/stock/reports/report-screen.tsx';
import { useReportState } from '../../features/stock/reports/use-report-state.ts';
import { pathTo, pathWith } from '../route-table.ts';
import { useStockScreen } from './use-screen-context.ts';

// The reports have no page of their own per row: a row opens its item's product.
const rowHref = (row: { product_id: number }) => pathWith('rentInventoryDetail', { id: row.product_id });
const withState = (path: string, state: ReportState<string, string>) =>
  `${path}?${serializeReportState(state)}`;

/**
 * A report's screen with its state in the URL. Whoever may open the report (maintenance or inventory) may
 * export it: the Download Center asks the same.
 */
export function ReportScreenPage<S extends ReportState<string, string>, Row extends { product_id: number }>({
  parse,
  Report,
  title,
  printPath,
  exportSource,
  exportName,
}: {
  parse(search: string): S;
  Report: ComponentType<ReportScreenProps<S, Row>>;
  title: string;
  printPath: string;
  /** The export source of the server's `export-sources.ts`. */
  exportSource: string;
  exportName: string;
}) {
  const screen = useStockScreen();
  const { state, change, reset } = useReportState(parse);
  if (screen.locationId === null) return null;
  return (
    <Report
      key={screen.locationId}
      title={title}
      locationId={screen.locationId}
      currencySymbol={screen.currencySymbol}
      state={state}
      onChange={change}
      onClear={reset}
      rowHref={rowHref}
      printHref={withState(printPath, state)}
      toolbar={(filters) => (
        <ExportButton
          source={exportSource}
          filters={filters}
          defaultDescription={exportName}
          downloadCenterHref={pathTo('downloadCenter')}
        />
      )}
    />
  );
}

/** A report's print view: the same state, on A4, with the location's name. */
export function ReportPrintPage<S extends ReportState<string, string>>({
  parse,
  Print,
  reportPath,
}: {
  parse(search: string): S;
  Print: ComponentType<ReportPrintProps<S>>;
  reportPath: string;
}) {
  const session = useSession();
  const screen = useStockScreen();
  const { state } = useReportState(parse);
  if (session === null || screen.locationId === null) return null;
  const location = session.login.locations.find((candidate) => candidate.id === screen.locationId);
  return (
    <Print
      locationId={screen.locationId}
      locationName={location?.name ?? null}
      currencySymbol={screen.currencySymbol}
      state={state}
      backHref={withState(reportPath, state)}
    />
  );
}
