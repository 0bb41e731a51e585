import { listField, PAGE_SIZES } from './use-list-url-state.ts';

/** What every paged list the server sorts keeps in its URL, beside its own filters. */
export interface SortedListState<Sort extends string> {
  page: number;
  pageSize: number;
  sort: Sort;
  sortType: 'asc' | 'desc';
}

/**
 * The URL fields of `SortedListState` for `createListCodec`, under the API's own query names:
 * `createListCodec<State>({ ...sortedListFields(sortFields), search: listField.text('search') }, defaults)`.
 */
export const sortedListFields = <Sort extends string>(
  sorts: readonly Sort[],
  pageSizes: readonly number[] = PAGE_SIZES,
) => ({
  page: listField.page(),
  pageSize: listField.pageSize(pageSizes),
  sort: listField.oneOf('sort', sorts),
  sortType: listField.oneOf('sort_type', ['asc', 'desc'] as const),
});
