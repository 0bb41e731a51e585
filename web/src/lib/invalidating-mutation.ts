import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface InvalidateOptions {
  /** Only the query whose key is exactly this one, not the ones below it. */
  exact?: boolean;
  /** The mutation settles only once the stale queries have refetched (the caller reads fresh data after it). */
  awaitRefetch?: boolean;
}

/**
 * A mutation of one endpoint that, once it succeeds, marks the queries under `keys` stale so every
 * screen showing them asks again. Keys may depend on the answer (a new row's location, say).
 */
export function useInvalidatingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  keys: readonly QueryKey[] | ((data: TData) => readonly QueryKey[]),
  { exact, awaitRefetch = false }: InvalidateOptions = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      const stale = typeof keys === 'function' ? keys(data) : keys;
      const done = Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact })));
      return awaitRefetch ? done : undefined;
    },
  });
}
