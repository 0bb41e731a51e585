import { useMemo } from 'react';
import { PRINT_PAGE_SIZE, reportQueryOf, type ReportState } from './report-params.ts';
import { useReportCellContext } from './report-table.tsx';

export type ReportQuery<Status extends string, Sort extends string> = ReturnType<
  typeof reportQueryOf<Status, Sort>
>;

/**
 * What a report's screen and its print view start from: the cell context, the query the filters make
 * (on paper from the first row, in the largest page) and the report `useAnswer` fetches for it.
 */
export function useReportData<Status extends string, Sort extends string, Answer>(
  props: {
    locationId: number;
    currencySymbol: string;
    state: ReportState<Status, Sort>;
    now?: Date | undefined;
  },
  useAnswer: (locationId: number, query: ReportQuery<Status, Sort>) => Answer,
  { print = false }: { print?: boolean } = {},
) {
  const { locationId, currencySymbol, state, now } = props;
  const context = useReportCellContext(currencySymbol);
  const query = useMemo(
    () =>
      print
        ? reportQueryOf({ ...state, page: 1 }, now ?? new Date(), PRINT_PAGE_SIZE)
        : reportQueryOf(state, now ?? new Date()),
    [state, now, print],
  );
  const report = useAnswer(locationId, query);
  return { context, t: context.t, locale: context.locale, query, report };
}
