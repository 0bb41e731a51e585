import { queryOptions } from '@tanstack/react-query';
import type { BarcodeMatch } from '@nine/shared/schemas/stock';
import { quietApi } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';

export type { BarcodeMatch };

/**
 * GET /api/nine/stock/barcode?code=: the item (any location) or bulk product a code names. Quiet: the
 * barcode screen says "not found" itself, in place, where the next scan goes.
 */
export function lookupBarcode(
  code: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BarcodeMatch> {
  return quietApi.get<BarcodeMatch>('nine/stock/barcode', { searchParams: { code }, signal });
}

export const barcodeQueryKey = (locationId: number) => ['stock', locationId, 'barcode'] as const;

export const barcodeQueryOptions = (locationId: number, code: string) =>
  queryOptions({
    queryKey: [...barcodeQueryKey(locationId), code] as const,
    queryFn: ({ signal }) => lookupBarcode(code, { signal }),
    retry: false,
  });

export function useBarcodeLookup(locationId: number | null, code: string | null) {
  return useLocationQuery(
    locationId,
    (locationId) => barcodeQueryOptions(locationId, code ?? ''),
    code !== null && code !== '',
  );
}
