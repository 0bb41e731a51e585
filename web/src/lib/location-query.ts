import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/**
 * A query of one location's data: it waits (disabled) until the session has a location. Its request
 * starts while the screen renders, not once it has committed: a cold screen's first render is the
 * slow part of its load (the dashboard's took about 400 ms), and its figures need not wait for it.
 */
export function useLocationQuery<TQueryFnData, TError, TData, TKey extends QueryKey>(
  locationId: number | null,
  optionsOf: (locationId: number) => UseQueryOptions<TQueryFnData, TError, TData, TKey>,
  enabled = true,
) {
  const client = useQueryClient();
  const options = optionsOf(locationId ?? 0);
  const active = enabled && locationId !== null;
  // A query its own options may turn off is left to useQuery.
  const eager = active && (options.enabled === undefined || options.enabled === true);
  // What useQuery would ask on mount, asked now; useQuery then joins the request under way.
  if (eager && client.getQueryState(options.queryKey) === undefined) {
    void client.prefetchQuery(options as Parameters<typeof client.prefetchQuery>[0]);
  }
  return useQuery({ ...options, enabled: active });
}
