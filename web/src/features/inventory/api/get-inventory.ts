import type { InventoryListQuery, InventoryPage } from '@nine/shared/schemas/inventory';
import { api, queryParams } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type InventoryKind = 'rent' | 'sale';
export type InventoryParams = Partial<InventoryListQuery>;

/** One page of GET /api/nine/inventory/rent or /sale. */
export function getInventory(
  kind: InventoryKind,
  params: InventoryParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InventoryPage> {
  return api.get<InventoryPage>(`nine/inventory/${kind}`, { searchParams: queryParams(params), signal });
}

export const inventoryListKey = (kind: InventoryKind, locationId: number) =>
  ['inventory', kind, locationId, 'list'] as const;

export const inventoryQueryOptions = (kind: InventoryKind, locationId: number, params: InventoryParams) =>
  pageQueryOptions(
    [...inventoryListKey(kind, locationId), params] as const,
    (signal) => getInventory(kind, params, { signal }),
    15_000,
  );

export function useInventory(kind: InventoryKind, locationId: number | null, params: InventoryParams) {
  return useLocationQuery(locationId, (locationId) => inventoryQueryOptions(kind, locationId, params));
}
