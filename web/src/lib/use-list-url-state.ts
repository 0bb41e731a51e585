import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

/** The page sizes a URL-state list offers (`ListPager`) and accepts from the URL. */
export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;

/** A copy without the keys whose value is undefined, so a state compares and serializes by what it holds. */
export function withoutUndefined<State extends object>(state: State): State {
  return Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined)) as State;
}

/** A change of anything but the page starts again at page 1. */
export function updateListState<State extends { page: number }>(state: State, change: Partial<State>): State {
  const next = withoutUndefined({ ...state, ...change });
  if (!Object.keys(change).every((key) => key === 'page')) next.page = 1;
  return next;
}

/** How one list's state is defaulted, read from, written to and changed in the URL query. */
export interface ListUrlCodec<State, Kind> {
  defaults(pageSize: number): State;
  parse(search: string, kind: Kind, defaults: State): State;
  /** The query without the defaults ('' when all are defaults). */
  serialize(state: State, defaults: State): string;
  update(state: State, patch: Partial<State>): State;
}

/**
 * The list state read from and written to the URL query: every change is a history entry, so back and
 * forward step through filters and pages, and a reload shows the same list. `codec` must be a constant.
 */
export function useListUrlState<State, Kind>(
  codec: ListUrlCodec<State, Kind>,
  kind: Kind,
  defaultPageSize: number,
) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const defaults = useMemo(() => codec.defaults(defaultPageSize), [codec, defaultPageSize]);
  const state = useMemo(() => codec.parse(search, kind, defaults), [codec, search, kind, defaults]);

  const change = useCallback(
    (patch: Partial<State>) => {
      const query = codec.serialize(codec.update(state, patch), defaults);
      navigate(query === '' ? path : `${path}?${query}`);
    },
    [codec, state, defaults, navigate, path],
  );

  const reset = useCallback(() => navigate(path), [navigate, path]);

  return { state, defaults, change, reset };
}
