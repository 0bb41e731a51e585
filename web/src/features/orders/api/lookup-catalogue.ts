import type { CatalogueMatch } from '@nine/shared/schemas/catalogue';
import type { CatalogueMatches } from '@nine/shared/schemas/contracts';
import { api } from '../../../lib/api-client.ts';
import type { OrderKind } from '../order-kind.ts';

/**
 * GET /api/nine/catalogue/lookup?code=&kind=rent|sale.
 * An exact, case-insensitive match of a scanned or typed code against item barcodes and SKUs and product
 * SKUs, in the session's location. A miss answers 200 with no matches: at a counter it is not an error.
 */
export type { CatalogueMatch, CatalogueMatches };

export function lookupCatalogue(
  kind: OrderKind,
  code: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CatalogueMatches> {
  return api.get<CatalogueMatches>('nine/catalogue/lookup', { searchParams: { code, kind }, signal });
}
