import { z } from 'zod';
import { pageQuery } from './page.ts';

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
export const catalogueMatch = z.object({
  kind: z.enum(['item', 'product']),
  product_id: z.number(),
  product_sku: z.string(),
  product_name: z.string(),
  product_category: z.string().nullable(),
  /** Rent: per day, as the server prices an order; sale: per unit. */
  price_minor: z.number(),
  deposit_minor: z.number(),
  item_id: z.number().nullable(),
  item_sku: z.string().nullable(),
  barcode: z.string().nullable(),
  item_status: z.enum(['available', 'rented', 'maintenance', 'retired', 'lost']).nullable(),
  /** Bulk and sale products: the quantity on hand in the location; null for serialized items. */
  stock_quantity: z.number().nullable(),
});
export type CatalogueMatch = z.infer<typeof catalogueMatch>;

export const lookupProduct = z.object({
  id: z.number(),
  kind: z.enum(['rent', 'sale']),
  sku: z.string(),
  name: z.string(),
  option: z.string().nullable(),
  category: z.string().nullable(),
  is_serialized: z.boolean(),
  barcode: z.string().nullable(),
  price_minor: z.number(),
  deposit_minor: z.number(),
});
export type LookupProduct = z.infer<typeof lookupProduct>;

export const productSearchQuery = pageQuery({ size: { default: 20, max: 100 } }).extend({
  kind: z.enum(['rent', 'sale']).optional(),
  search: z.string().trim().max(100).optional(),
});

export const availabilityQuery = z
  .object({
    product_id: z.coerce.number().int().positive(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((q) => new Date(q.to) > new Date(q.from), { path: ['to'], message: 'must be after from' });

export const availability = z.object({
  product_id: z.number(),
  is_serialized: z.boolean(),
  /** Bulk: units free for the whole period. Serialized: number of free items. */
  available: z.number(),
  /** Serialized only: the free items, so the clerk can pick or scan one. */
  items: z.array(z.object({ id: z.number(), sku: z.string(), barcode: z.string() })),
});
export type Availability = z.infer<typeof availability>;
