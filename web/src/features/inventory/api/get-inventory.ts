import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryListQuery, InventoryPage } from '@nine/shared/schemas/inventory';
import { api } from '../../../lib/api-client.ts';

export type InventoryKind = 'rent' | 'sale';
export type InventoryParams = Partial<InventoryListQuery>;

/** One page of GET /api/nine/inventory/rent or /sale. */
export function getInventory(
  kind: InventoryKind,
  params: InventoryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InventoryPage> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') searchParams[key] = value as string | number;
  }
  return api.get<InventoryPage>(`nine/inventory/${kind}`, { searchParams, signal });
}

export const inventoryListKey = (kind: InventoryKind, locationId: number) =>
  ['inventory', kind, locationId, 'list'] as const;

export const inventoryQueryOptions = (kind: InventoryKind, locationId: number, params: InventoryParams) =>
  queryOptions({
    queryKey: [...inventoryListKey(kind, locationId), params] as const,
    queryFn: ({ signal }) => getInventory(kind, params, { signal }),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export function useInventory(kind: InventoryKind, locationId: number | null, params: InventoryParams) {
  return useQuery({ ...inventoryQueryOptions(kind, locationId ?? 0, params), enabled: locationId !== null });
}
