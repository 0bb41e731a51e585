import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { serializeReportState, type ReportState } from './report-params.ts';

/** A report's state from the URL, and a change that replaces the URL (a filter change goes to page 1). */
export function useReportState<S extends ReportState<string, string>>(parse: (search: string) => S) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const state = useMemo(() => parse(search), [parse, search]);
  const change = useCallback(
    (patch: Partial<S>) => {
      const next = { ...state, ...patch, page: patch.page ?? 1 };
      navigate(`${path}?${serializeReportState(next)}`, { replace: true });
    },
    [navigate, path, state],
  );
  // Clearing drops every filter, back to this month's report in its default order.
  const reset = useCallback(() => navigate(path, { replace: true }), [navigate, path]);
  return { state, change, reset };
}
