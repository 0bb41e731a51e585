import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { OrderKind } from '../order-kind.ts';

/** The per-user setting holding a list's column configuration (PUT/GET /api/nine/user/settings/:key). */
export const columnSettingsKey = (kind: OrderKind) => `${kind === 'rent' ? 'rent' : 'sale'}-orders.columns`;

export function getColumnSettings(
  kind: OrderKind,
  { signal }: { signal?: AbortSignal } = {},
): Promise<unknown> {
  return api.get<unknown>(`nine/user/settings/${columnSettingsKey(kind)}`, { signal });
}

/** Saves the columns; null clears them back to the defaults. */
export function putColumnSettings(kind: OrderKind, value: unknown): Promise<unknown> {
  return api.put<unknown>(`nine/user/settings/${columnSettingsKey(kind)}`, { json: { value } });
}

export const columnSettingsQueryKey = (kind: OrderKind, userId: number) =>
  ['user-settings', userId, columnSettingsKey(kind)] as const;

export const columnSettingsQueryOptions = (kind: OrderKind, userId: number) =>
  queryOptions({
    queryKey: columnSettingsQueryKey(kind, userId),
    queryFn: ({ signal }) => getColumnSettings(kind, { signal }),
    staleTime: Infinity,
  });

export function useColumnSettings(kind: OrderKind, userId: number) {
  return useQuery({ ...columnSettingsQueryOptions(kind, userId), enabled: userId > 0 });
}

export function useSaveColumnSettings(kind: OrderKind, userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: unknown) => putColumnSettings(kind, value),
    onMutate: (value) => queryClient.setQueryData(columnSettingsQueryKey(kind, userId), value),
    onSettled: () => queryClient.invalidateQueries({ queryKey: columnSettingsQueryKey(kind, userId) }),
  });
}
