import { isDatePreset, isIsoDay, presetRange, type DatePreset } from './date-presets.ts';
import { oneOf, positiveInt, usesGivenDates } from './list-query.ts';
import { PAGE_SIZES } from './use-list-url-state.ts';

/*
 * The part every order and invoice list shares: paging, one sort column, and a date preset with its given
 * days. Each list adds its own filters around it (its codec reads and writes them with its own keys).
 */

export type SortType = 'asc' | 'desc';

export interface DatedListState<Sort extends string> {
  page: number;
  pageSize: number;
  sort: Sort;
  sortType: SortType;
  datePreset: DatePreset;
  /** Custom range ends, or the first day of a weekly, biweekly or monthly period. */
  from?: string;
  to?: string;
}

/** URL keys: the API's own names, plus `date` for the preset. */
export const DATED_LIST_KEYS = {
  page: 'page',
  pageSize: 'page_size',
  sort: 'sort',
  sortType: 'sort_type',
  datePreset: 'date',
  from: 'from_date',
  to: 'to_date',
} as const satisfies Record<keyof DatedListState<string>, string>;

/** Page 1 of the newest first, any date; a page size the pager does not offer becomes 25. */
export function defaultDatedListState<Sort extends string>(
  pageSize: number,
  sort: Sort,
): DatedListState<Sort> {
  return {
    page: 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 25,
    sort,
    sortType: 'desc',
    datePreset: 'no_date_filter',
  };
}

/** `state` with the shared fields read from `q`; anything unknown or malformed keeps its default. */
export function parseDatedListState<Sort extends string, State extends DatedListState<Sort>>(
  q: URLSearchParams,
  sorts: readonly Sort[],
  defaults: State,
): State {
  const state: State = { ...defaults };
  state.page = positiveInt(q.get(DATED_LIST_KEYS.page), 100_000) ?? defaults.page;
  const size = positiveInt(q.get(DATED_LIST_KEYS.pageSize));
  if (size !== undefined && (PAGE_SIZES as readonly number[]).includes(size)) state.pageSize = size;
  state.sort = oneOf(sorts, q.get(DATED_LIST_KEYS.sort)) ?? defaults.sort;
  state.sortType = oneOf(['asc', 'desc'] as const, q.get(DATED_LIST_KEYS.sortType)) ?? defaults.sortType;
  const preset = q.get(DATED_LIST_KEYS.datePreset);
  if (preset !== null && isDatePreset(preset)) state.datePreset = preset;
  const from = q.get(DATED_LIST_KEYS.from);
  const to = q.get(DATED_LIST_KEYS.to);
  if (from !== null && isIsoDay(from)) state.from = from;
  if (to !== null && isIsoDay(to)) state.to = to;
  return state;
}

/**
 * The query of a state by `keys` (field → URL key), leaving out what equals the defaults so links stay
 * short, and the given days a preset does not read.
 */
export function serializeDatedListState<State extends DatedListState<string>>(
  state: State,
  defaults: State,
  keys: { readonly [Key in keyof State]?: string },
): URLSearchParams {
  const q = new URLSearchParams();
  for (const key of Object.keys(keys) as (keyof State & string)[]) {
    const value = state[key];
    if (value === undefined || value === defaults[key]) continue;
    if ((key === 'from' || key === 'to') && !usesGivenDates(state.datePreset, key)) continue;
    q.set(keys[key]!, String(value));
  }
  return q;
}

/** The list call's shared query: paging, sort, and the preset turned into dates as of `now`. */
export function datedListParams<Sort extends string>(state: DatedListState<Sort>, now: Date) {
  const range = presetRange(state.datePreset, now, { from: state.from, to: state.to });
  return {
    page: state.page,
    page_size: state.pageSize,
    sort: state.sort,
    sort_type: state.sortType,
    ...(range.from !== undefined && { from_date: range.from }),
    ...(range.to !== undefined && { to_date: range.to }),
  };
}
