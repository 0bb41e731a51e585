import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KioskProductList } from '@nine/shared/schemas/kiosk';
import { api } from '../../../lib/api-client.ts';
import { settingsMeta } from '../../../lib/settings-queries.ts';

export type { KioskProduct, KioskProductList } from '@nine/shared/schemas/kiosk';

export const kioskProductsQueryKey = ['kiosk-products'] as const;

/** GET /api/nine/kiosk/products: what the session's location rents on its kiosks, in order. */
export const kioskProductsQueryOptions = () =>
  queryOptions({
    queryKey: kioskProductsQueryKey,
    meta: settingsMeta,
    queryFn: ({ signal }) => api.get<KioskProductList>('nine/kiosk/products', { signal }),
  });

export function useKioskProducts() {
  return useQuery(kioskProductsQueryOptions());
}
