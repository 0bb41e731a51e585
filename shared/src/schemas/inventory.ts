import { z } from 'zod';
import { pageQuery, type Page } from './page.ts';
import { amountMinor } from '../money.ts';

export const itemStatuses = ['available', 'rented', 'maintenance', 'retired', 'lost'] as const;
export type InventoryItemStatus = (typeof itemStatuses)[number];
export const attributeKinds = ['text', 'number', 'option', 'boolean'] as const;
export type AttributeKind = (typeof attributeKinds)[number];

export const inventorySortFields = [
  'sku',
  'name',
  'category',
  'option',
  'home_location',
  'current_location',
  'status',
  'quantity',
  'rent_count',
  'rent_hours',
  'revenue',
] as const;
export type InventorySort = (typeof inventorySortFields)[number];

const id = z.coerce.number().int().positive();

/**
 * The rent and sale inventory lists (spec section 3's product table): one row per serialized item, and
 * one per bulk product stocked in the location.
 */
export const inventoryListQuery = pageQuery({
  sort: { fields: inventorySortFields, default: 'sku' },
}).extend({
  location_id: id.optional(),
  search: z.string().trim().max(100).optional(),
  category_id: id.optional(),
  status: z.enum(itemStatuses).optional(),
  product_id: id.optional(),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuery>;

export const inventoryListRow = z.object({
  /** `item:<id>` or `stock:<product id>`: unique across both kinds of row. */
  key: z.string(),
  row_type: z.enum(['item', 'stock']),
  item_id: z.number().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  category: z.string().nullable(),
  option: z.string().nullable(),
  home_location: z.string().nullable(),
  current_location: z.string().nullable(),
  /** Items: their status; bulk rows: null. */
  status: z.enum(itemStatuses).nullable(),
  /** Bulk rows: the quantity on hand in the location; items: null. */
  quantity: z.number().nullable(),
  rent_count: z.number(),
  rent_minutes: z.number(),
  revenue_minor: z.number(),
});
export type InventoryListRow = z.infer<typeof inventoryListRow>;

export type InventoryPage = Page<InventoryListRow> & { total_capped: boolean };

const sku = z.string().trim().min(1).max(64);
const barcode = z.string().trim().min(1).max(64);
const money = amountMinor;

export const attributeValueInput = z.object({ attribute_id: id, value: z.string().trim().max(200) });

export const productInput = z.object({
  kind: z.enum(['rent', 'sale']),
  sku,
  name: z.string().trim().min(1).max(200),
  option: z.string().trim().max(100).nullish(),
  category_id: id.nullish(),
  is_serialized: z.boolean(),
  barcode: barcode.nullish(),
  price_minor: money,
  hourly_price_minor: money.nullish(),
  deposit_minor: money.default(0),
  active: z.boolean().default(true),
  attributes: z.array(attributeValueInput).max(100).default([]),
});
export type ProductInput = z.input<typeof productInput>;

export const productUpdate = productInput
  .omit({ kind: true, is_serialized: true })
  .partial()
  .extend({ version: z.number().int().positive() });
export type ProductUpdate = z.input<typeof productUpdate>;

const blankIsNull = (text: string) => (text === '' ? null : text);

/**
 * The product form: empty text and amounts are null (no deposit is 0), the category is the select's value,
 * and attribute values are kept by attribute id. The dialog builds a productInput or productUpdate from it.
 */
export const productForm = z.object({
  sku,
  name: productInput.shape.name,
  option: z.string().trim().max(100).transform(blankIsNull),
  category_id: z.string().transform((value) => (value === '' ? null : Number(value))),
  is_serialized: z.boolean(),
  barcode: z.string().trim().max(64).transform(blankIsNull),
  price_minor: money,
  hourly_price_minor: money.nullable(),
  deposit_minor: money.nullable().transform((minor) => minor ?? 0),
  active: z.boolean(),
  attributes: z.record(z.string(), z.string().trim().max(200)),
});

export const productAttributeValue = z.object({
  attribute_id: z.number(),
  name: z.string(),
  kind: z.enum(attributeKinds),
  value: z.string(),
});
export type ProductAttributeValue = z.infer<typeof productAttributeValue>;

export const productRow = z.object({
  id: z.number(),
  kind: z.enum(['rent', 'sale']),
  sku: z.string(),
  name: z.string(),
  option: z.string().nullable(),
  category_id: z.number().nullable(),
  category: z.string().nullable(),
  is_serialized: z.boolean(),
  barcode: z.string().nullable(),
  price_minor: z.number().int(),
  hourly_price_minor: z.number().int().nullable(),
  deposit_minor: z.number().int(),
  active: z.boolean(),
  version: z.number(),
  attributes: z.array(productAttributeValue),
});
export type ProductRow = z.infer<typeof productRow>;

export const inventoryItem = z.object({
  id: z.number(),
  product_id: z.number(),
  sku: z.string(),
  barcode: z.string(),
  status: z.enum(itemStatuses),
  home_location_id: z.number(),
  home_location: z.string(),
  current_location_id: z.number(),
  current_location: z.string(),
  rent_count: z.number(),
  rent_minutes: z.number(),
  revenue_minor: z.number().int(),
  version: z.number(),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

export const stockLevel = z.object({ location_id: z.number(), location: z.string(), quantity: z.number() });
export type StockLevel = z.infer<typeof stockLevel>;

export const maintenanceRow = z.object({
  id: z.number(),
  item_sku: z.string(),
  status: z.enum(['open', 'closed']),
  problem: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  cost_minor: z.number().int(),
});
export type MaintenanceRow = z.infer<typeof maintenanceRow>;

const productTotals = z.object({
  rent_count: z.number(),
  rent_minutes: z.number(),
  revenue_minor: z.number().int(),
});
export const productDetail = z.object({
  product: productRow,
  items: z.array(inventoryItem),
  stock: z.array(stockLevel),
  totals: productTotals,
  /** The latest repair logs of the product's items; null where the maintenance tables do not exist. */
  maintenance: z.array(maintenanceRow).nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

/**
 * A product's page as the web shows it. The rent detail page (GET /api/nine/inventory/detail/rent/:id)
 * needs no permission (spec section 6), but cost and revenue figures reach only holders of `inventory`:
 * without it `figures` is false and the figure fields are left out.
 */
export const productDetailView = z.object({
  product: productRow,
  items: z.array(inventoryItem.partial({ revenue_minor: true })),
  stock: z.array(stockLevel),
  totals: productTotals.partial({ revenue_minor: true }),
  maintenance: z.array(maintenanceRow.partial({ cost_minor: true })).nullable(),
  /** Absent on the full detail (GET /api/nine/inventory/products/:id), which always has them. */
  figures: z.boolean().optional(),
});
export type ProductDetailView = z.infer<typeof productDetailView>;

export const itemInput = z.object({
  sku,
  barcode,
  status: z.enum(itemStatuses).default('available'),
  home_location_id: id,
  current_location_id: id.optional(),
});
export type ItemInput = z.input<typeof itemInput>;
/** The add-item form of a product: a new item starts available at its home location. */
export const itemForm = itemInput.pick({ sku: true, barcode: true, home_location_id: true });

/** Status changes here are manual ones: `rented` is only ever set by an order. */
export const itemUpdate = z.object({
  sku: sku.optional(),
  barcode: barcode.optional(),
  status: z.enum(['available', 'maintenance', 'retired', 'lost']).optional(),
  home_location_id: id.optional(),
  version: z.number().int().positive(),
});
export type ItemUpdate = z.input<typeof itemUpdate>;

export const itemTransfer = z.object({
  to_location_id: id,
  version: z.number().int().positive(),
  note: z.string().trim().max(255).optional(),
});
export type ItemTransfer = z.input<typeof itemTransfer>;

export const stockInput = z.object({
  location_id: id,
  quantity: z.number().int().min(0).max(1_000_000),
});
export type StockInput = z.input<typeof stockInput>;
/** The set-stock form: the quantity typed as digits, then checked by the route's own rule. */
export const stockForm = stockInput.extend({
  quantity: z.string().trim().regex(/^\d+$/).transform(Number).pipe(stockInput.shape.quantity),
});

export const rentalHistoryQuery = pageQuery({ size: { default: 20, max: 100 } });

export const rentalHistoryRow = z.object({
  order_item_id: z.number(),
  order_id: z.number(),
  order_number: z.number(),
  order_type: z.string(),
  customer: z.string().nullable(),
  item_sku: z.string().nullable(),
  quantity: z.number(),
  status: z.string(),
  planned_start: z.string().nullable(),
  planned_finish: z.string().nullable(),
  delivered_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  revenue_minor: z.number().int(),
  created_at: z.string(),
});
export type RentalHistoryRow = z.infer<typeof rentalHistoryRow>;

// Categories and attributes -------------------------------------------------------------------------

export const categoryInput = z.object({
  name: z.string().trim().min(1).max(100),
  parent_id: id.nullish(),
  sort_order: z.number().int().min(0).max(100_000).default(0),
});
export type CategoryInput = z.input<typeof categoryInput>;
export const categoryUpdate = categoryInput.partial();
export type CategoryUpdate = z.input<typeof categoryUpdate>;

// A parent chosen in a select: "" is the root.
const parentChoice = z.string().transform((value) => (value === '' ? null : Number(value)));

/** The add-category form; `categoryEditForm` adds the order as typed (not a number is 0). */
export const categoryForm = z.object({ name: categoryInput.shape.name, parent_id: parentChoice });
export const categoryEditForm = categoryForm.extend({
  sort_order: z
    .string()
    .trim()
    .transform((text) => Number(text) || 0)
    .pipe(categoryInput.shape.sort_order.unwrap()),
});

export const categoryRow = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  /** A path under /api, or null without an image. */
  image_url: z.string().nullable(),
  sort_order: z.number(),
  product_count: z.number(),
  attribute_ids: z.array(z.number()),
});
export type CategoryRow = z.infer<typeof categoryRow>;

export const categoryList = z.object({
  rows: z.array(categoryRow),
  /** The activity setting `show_category_image_in_admin_pannel` of the location. */
  show_images: z.boolean(),
});
export type CategoryList = z.infer<typeof categoryList>;

export const attributeInput = z
  .object({
    name: z.string().trim().min(1).max(100),
    kind: z.enum(attributeKinds).default('text'),
    options: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  })
  .refine((a) => a.kind !== 'option' || a.options.length > 0, {
    path: ['options'],
    message: 'an option attribute needs options',
  });
export type AttributeInput = z.input<typeof attributeInput>;

/**
 * The attribute form: the options typed as one comma-separated text, kept only for an option attribute.
 * Its output is an attributeInput.
 */
export const attributeForm = z
  .object({
    name: z.string(),
    kind: z.enum(attributeKinds),
    options: z.string().transform((text) =>
      text
        .split(',')
        .map((option) => option.trim())
        .filter(Boolean),
    ),
  })
  .transform((a): AttributeInput => ({ ...a, options: a.kind === 'option' ? a.options : [] }))
  .pipe(attributeInput);

export const attributeRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(attributeKinds),
  options: z.array(z.string()),
  category_ids: z.array(z.number()),
});
export type AttributeRow = z.infer<typeof attributeRow>;

export const categoryAttributesInput = z.object({ attribute_ids: z.array(id).max(200) });

// CSV import ---------------------------------------------------------------------------------------

/** Header of the import file; `item_*` columns, when given, add one serialized item per row. */
export const importColumns = [
  'kind',
  'sku',
  'name',
  'option',
  'category',
  'serialized',
  'price',
  'deposit',
  'barcode',
  'item_sku',
  'item_barcode',
  'location',
  'quantity',
] as const;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Why a row was refused; the web app shows each in the reader's language. */
export const importReasons = [
  'sku_missing',
  'sku_too_long',
  'kind_invalid',
  'name_missing',
  'price_invalid',
  'deposit_invalid',
  'serialized_invalid',
  'category_unknown',
  'category_ambiguous',
  'location_unknown',
  'location_forbidden',
  'location_missing',
  'product_mismatch',
  'sku_conflict',
  'sku_taken',
  'barcode_taken',
  'item_incomplete',
  'item_on_bulk_product',
  'item_sku_taken',
  'item_barcode_taken',
  'quantity_invalid',
  'quantity_on_serialized',
  'stock_duplicate',
] as const;
export type ImportReason = (typeof importReasons)[number];

export const importRefusal = z.object({
  /** 1-based line in the file, header = line 1. */
  line: z.number(),
  sku: z.string(),
  reasons: z.array(z.enum(importReasons)),
});
export type ImportRefusal = z.infer<typeof importRefusal>;

export const importReport = z.object({
  imported: z.boolean(),
  rows: z.number(),
  products_created: z.number(),
  items_created: z.number(),
  stock_rows: z.number(),
  refused: z.array(importRefusal),
});
export type ImportReport = z.infer<typeof importReport>;
