import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLocationQuery } from '../../../lib/location-query.ts';
import type { OrderKind } from '../order-kind.ts';
import type { CatalogueMatches } from './lookup-catalogue.ts';

/**
 * GET /api/nine/catalogue/search?search=&kind=rent|sale&limit=20. Every word must be found in a product's
 * name, SKU, option, barcode, category (or a parent category) or attribute values, or an item's SKU or
 * barcode, ignoring case and accents; exact codes first, then names starting with the search. The same
 * rows as the lookup.
 */
export function searchCatalogue(
  kind: OrderKind,
  search: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CatalogueMatches> {
  return api.get<CatalogueMatches>('nine/catalogue/search', {
    searchParams: { search, kind, limit: 20 },
    signal,
  });
}

export const catalogueSearchQueryOptions = (kind: OrderKind, locationId: number, search: string) =>
  queryOptions({
    queryKey: ['catalogue', kind, locationId, 'search', search] as const,
    queryFn: ({ signal }) => searchCatalogue(kind, search, { signal }),
    staleTime: 30_000,
  });

export function useCatalogueSearch(kind: OrderKind, locationId: number | null, search: string) {
  const term = search.trim();
  return useLocationQuery(
    locationId,
    (locationId) => catalogueSearchQueryOptions(kind, locationId, term),
    term.length >= 2,
  );
}
