import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/** A query of one location's data: it waits (disabled) until the session has a location. */
export function useLocationQuery<TQueryFnData, TError, TData, TKey extends QueryKey>(
  locationId: number | null,
  optionsOf: (locationId: number) => UseQueryOptions<TQueryFnData, TError, TData, TKey>,
  enabled = true,
) {
  return useQuery({ ...optionsOf(locationId ?? 0), enabled: enabled && locationId !== null });
}
