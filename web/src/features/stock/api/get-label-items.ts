import type { LabelItem } from '@nine/shared/schemas/stock';
import type { Page } from '@nine/shared/schemas/orders';
import { api } from '../../../lib/api-client.ts';
import { pageQueryOptions } from '../../../lib/page-query.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { LabelItem };

/** GET /api/nine/stock/label-items: this location's items to print labels for. */
export function getLabelItems(
  params: { search: string; page: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<LabelItem>> {
  const searchParams: Record<string, string | number> = { page: params.page, page_size: 50 };
  if (params.search !== '') searchParams.search = params.search;
  return api.get<Page<LabelItem>>('nine/stock/label-items', { searchParams, signal });
}

export const labelItemsQueryOptions = (locationId: number, params: { search: string; page: number }) =>
  pageQueryOptions(['stock', locationId, 'label-items', params] as const, (signal) =>
    getLabelItems(params, { signal }),
  );

export function useLabelItems(locationId: number | null, params: { search: string; page: number }) {
  return useLocationQuery(locationId, (locationId) => labelItemsQueryOptions(locationId, params));
}
