import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query of one page of a server list: paging, sorting and filtering keep the previous page on screen
 * until the next one arrives.
 */
export function pageQueryOptions<TData, TKey extends QueryKey>(
  queryKey: TKey,
  fetchPage: (signal: AbortSignal) => Promise<TData>,
  staleTime?: number,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchPage(signal),
    placeholderData: keepPreviousData,
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
