import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { InvoiceListKind } from '../invoice-kind.ts';
import {
  defaultListState,
  parseListState,
  serializeListState,
  updateListState,
  type InvoiceListState,
} from './list-state.ts';

/**
 * The list state read from and written to the URL query: every change is a history entry, so back and
 * forward step through filters and pages, and a reload shows the same list.
 */
export function useListUrlState(kind: InvoiceListKind, defaultPageSize: number) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const defaults = useMemo(() => defaultListState(defaultPageSize), [defaultPageSize]);
  const state = useMemo(() => parseListState(search, kind, defaults), [search, kind, defaults]);

  const change = useCallback(
    (patch: Partial<InvoiceListState>) => {
      const query = serializeListState(updateListState(state, patch), defaults);
      navigate(query === '' ? path : `${path}?${query}`);
    },
    [state, defaults, navigate, path],
  );

  const reset = useCallback(() => navigate(path), [navigate, path]);

  return { state, defaults, change, reset };
}
