import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ReportFilters, ReportHeader } from './report-controls.tsx';
import { exportFiltersOf, type reportQueryOf, type ReportState } from './report-params.ts';
import {
  ReportTable,
  type ReportCellContext,
  type ReportTableDefinition,
  type ReportTableQuery,
} from './report-table.tsx';

/** What the app gives a report's screen. */
export interface ReportScreenProps<S extends ReportState<string, string>, Row> {
  title: string;
  locationId: number;
  currencySymbol: string;
  state: S;
  onChange(patch: Partial<S>): void;
  onClear(): void;
  /** Where a row leads. */
  rowHref(row: Row): string;
  printHref: string;
  /** The export button, given the report's filters. */
  toolbar?: (filters: Record<string, unknown>) => ReactNode;
  now?: Date;
}

/** What the app gives a report's print view. */
export interface ReportPrintProps<S extends ReportState<string, string>> {
  locationId: number;
  locationName: string | null;
  currencySymbol: string;
  state: S;
  backHref: string;
  now?: Date;
}

/** A report's screen: title, export and print link, the filters, the report's own summary, then its table. */
export function ReportScreen<Row extends { product_id: number; product_name: string }, Sort extends string>({
  screen,
  data: { query, report, context },
  definition,
  searchLabel,
  statuses,
  period,
  children,
}: {
  screen: ReportScreenProps<ReportState<string, NoInfer<Sort>>, Row>;
  /** What `useReportData` gave the screen. */
  data: {
    query: ReturnType<typeof reportQueryOf>;
    report: ReportTableQuery<Row>;
    context: ReportCellContext;
  };
  definition: ReportTableDefinition<Row, Sort>;
  searchLabel: string;
  statuses: { value: string; label: string }[];
  /** The period under the title (a report may show it by its figures instead). */
  period?: string;
  /** The summary between the filters and the table. */
  children: ReactNode;
}) {
  const { state } = screen;
  return (
    <Stack gap="5">
      <ReportHeader
        title={screen.title}
        period={period}
        toolbar={screen.toolbar?.(exportFiltersOf(query))}
        printHref={screen.printHref}
      />
      <ReportFilters
        locationId={screen.locationId}
        state={state}
        onChange={screen.onChange}
        onClear={screen.onClear}
        productName={report.data?.rows.find((row) => row.product_id === state.product_id)?.product_name}
        searchLabel={searchLabel}
        statuses={statuses}
      />
      {children}
      <ReportTable
        definition={definition}
        report={report}
        context={context}
        state={state}
        onChange={screen.onChange}
        rowHref={screen.rowHref}
      />
    </Stack>
  );
}
