import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { oneOf, positiveInt } from './list-query.ts';

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
  /**
   * The query keys this list owns. With them, a change keeps the other keys of the URL, so two lists on one
   * page (customers and partners on the customer admin page) do not wipe each other's state; without them
   * the list owns the whole query.
   */
  keys?: readonly string[];
}

/** `query` (this list's serialized state) merged into the current `search`, keeping keys the list does not own. */
export function mergeListQuery(search: string, query: string, keys: readonly string[] | undefined): string {
  if (keys === undefined) return query;
  const merged = new URLSearchParams(search);
  for (const key of keys) merged.delete(key);
  for (const [key, value] of new URLSearchParams(query)) merged.set(key, value);
  return merged.toString();
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
      const query = mergeListQuery(search, codec.serialize(codec.update(state, patch), defaults), codec.keys);
      navigate(query === '' ? path : `${path}?${query}`);
    },
    [codec, state, defaults, navigate, path, search],
  );

  const reset = useCallback(() => {
    const query = mergeListQuery(search, '', codec.keys);
    navigate(query === '' ? path : `${path}?${query}`);
  }, [navigate, path, search, codec]);

  return { state, defaults, change, reset };
}

/** How one field of a list's state is written in the URL query and read back (undefined: not valid). */
export interface ListField<Value> {
  key: string;
  parse(raw: string): Value | undefined;
}

/** The fields most lists share; a list with richer state writes its own codec. */
export const listField = {
  page: (key = 'page'): ListField<number> => ({ key, parse: (raw) => positiveInt(raw, 100_000) }),
  pageSize: (sizes: readonly number[] = PAGE_SIZES, key = 'page_size'): ListField<number> => ({
    key,
    parse: (raw) => {
      const size = positiveInt(raw);
      return size !== undefined && sizes.includes(size) ? size : undefined;
    },
  }),
  oneOf: <Value extends string>(key: string, values: readonly Value[]): ListField<Value> => ({
    key,
    parse: (raw) => oneOf(values, raw),
  }),
  id: (key: string): ListField<number> => ({ key, parse: (raw) => positiveInt(raw) }),
  text: (key: string, maxLength = 100): ListField<string> => ({
    key,
    parse: (raw) => raw.trim().slice(0, maxLength) || undefined,
  }),
};

/**
 * A codec for a list whose state is a flat record of fields: each is read from its own query key, left
 * out of the URL while it holds its default, and any change but the page goes back to page 1.
 */
export function createListCodec<State extends { page: number; pageSize: number }>(
  fields: { [Key in keyof State]-?: ListField<NonNullable<State[Key]>> },
  defaults: (pageSize: number) => State,
): ListUrlCodec<State, undefined> {
  const keys = Object.keys(fields) as (keyof State & string)[];
  return {
    keys: keys.map((name) => fields[name].key),
    defaults,
    parse(search, _kind, base) {
      const query = new URLSearchParams(search);
      const state = { ...base };
      for (const name of keys) {
        const raw = query.get(fields[name].key);
        const value = raw === null ? undefined : fields[name].parse(raw);
        if (value !== undefined) state[name] = value;
      }
      return withoutUndefined(state);
    },
    serialize(state, base) {
      const query = new URLSearchParams();
      for (const name of keys) {
        const value = state[name];
        if (value !== undefined && value !== base[name]) query.set(fields[name].key, String(value));
      }
      return query.toString();
    },
    update: updateListState,
  };
}
