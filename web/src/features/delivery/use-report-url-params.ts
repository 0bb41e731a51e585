import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { DeliveryReportParams } from './api/get-delivery-report.ts';
import { todayAtLocation } from '../../lib/format.ts';
import { parseReportParams, serializeReportParams } from './report-params.ts';

/** The report's day and filters live in the URL: a reload, back and the print view show the same day. */
export function useReportUrlParams() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = useMemo(() => parseReportParams(search, todayAtLocation()), [search]);
  const change = useCallback(
    (next: DeliveryReportParams) => navigate(`${path}?${serializeReportParams(next)}`, { replace: true }),
    [navigate, path],
  );
  return { params, change };
}
