import { z } from 'zod';

export const lookupQuery = z.object({
  code: z.string().trim().min(1).max(64),
  kind: z.enum(['rent', 'sale']).optional(),
});
export const catalogueSearchQuery = z.object({
  search: z.string().trim().min(1).max(100),
  kind: z.enum(['rent', 'sale']).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A row the counter can add to an order: one serialized item, or a product (bulk rental or sale). */
export interface CatalogueMatch {
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

export interface LookupProduct {
  id: number;
  kind: 'rent' | 'sale';
  sku: string;
  name: string;
  option: string | null;
  category: string | null;
  is_serialized: boolean;
  barcode: string | null;
  price_minor: number;
  deposit_minor: number;
}

export const productSearchQuery = z.object({
  kind: z.enum(['rent', 'sale']).optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const availabilityQuery = z
  .object({
    product_id: z.coerce.number().int().positive(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((q) => new Date(q.to) > new Date(q.from), { path: ['to'], message: 'must be after from' });

export interface Availability {
  product_id: number;
  is_serialized: boolean;
  /** Bulk: units free for the whole period. Serialized: number of free items. */
  available: number;
  /** Serialized only: the free items, so the clerk can pick or scan one. */
  items: { id: number; sku: string; barcode: string }[];
}
