import { api } from '../../../lib/api-client.ts';
import type { OrderKind } from '../order-kind.ts';

/**
 * GET /api/nine/catalogue/lookup?code=&kind=rent|sale.
 * An exact, case-insensitive match of a scanned or typed code against item barcodes and SKUs and product
 * SKUs, in the session's location. A miss answers 200 with no matches: at a counter it is not an error.
 */
export interface CatalogueMatch {
  /** 'item': one serialized rent item; 'product': a bulk rent product or a sale product. */
  kind: 'item' | 'product';
  product_id: number;
  product_sku: string;
  product_name: string;
  product_category: string | null;
  /** Rent: per day, as the server prices an order; sale: per unit. */
  price_minor: number;
  deposit_minor: number;
  item_id: number | null;
  item_sku: string | null;
  barcode: string | null;
  item_status: 'available' | 'rented' | 'maintenance' | 'retired' | 'lost' | null;
  /** Bulk and sale products: the quantity on hand in the location; null for serialized items. */
  stock_quantity: number | null;
}

export interface CatalogueMatches {
  matches: CatalogueMatch[];
}

export function lookupCatalogue(
  kind: OrderKind,
  code: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CatalogueMatches> {
  return api.get<CatalogueMatches>('nine/catalogue/lookup', { searchParams: { code, kind }, signal });
}
