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

export interface ProductAttributeValue {
  attribute_id: number;
  name: string;
  kind: AttributeKind;
  value: string;
}

export interface ProductRow {
  id: number;
  kind: 'rent' | 'sale';
  sku: string;
  name: string;
  option: string | null;
  category_id: number | null;
  category: string | null;
  is_serialized: boolean;
  barcode: string | null;
  price_minor: number;
  hourly_price_minor: number | null;
  deposit_minor: number;
  active: boolean;
  version: number;
  attributes: ProductAttributeValue[];
}

export interface InventoryItem {
  id: number;
  product_id: number;
  sku: string;
  barcode: string;
  status: InventoryItemStatus;
  home_location_id: number;
  home_location: string;
  current_location_id: number;
  current_location: string;
  rent_count: number;
  rent_minutes: number;
  revenue_minor: number;
  version: number;
}

export interface StockLevel {
  location_id: number;
  location: string;
  quantity: number;
}

export interface MaintenanceRow {
  id: number;
  item_sku: string;
  status: 'open' | 'closed';
  problem: string;
  opened_at: string;
  closed_at: string | null;
  cost_minor: number;
}

export interface ProductDetail {
  product: ProductRow;
  items: InventoryItem[];
  stock: StockLevel[];
  totals: { rent_count: number; rent_minutes: number; revenue_minor: number };
  /** The latest repair logs of the product's items; null where the maintenance tables do not exist. */
  maintenance: MaintenanceRow[] | null;
}

type WithoutFigure<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/**
 * A product's page as the web shows it. The rent detail page (GET /api/nine/inventory/detail/rent/:id)
 * needs no permission (spec section 6), but cost and revenue figures reach only holders of `inventory`:
 * without it `figures` is false and the figure fields are left out.
 */
export interface ProductDetailView {
  product: ProductRow;
  items: WithoutFigure<InventoryItem, 'revenue_minor'>[];
  stock: StockLevel[];
  totals: WithoutFigure<ProductDetail['totals'], 'revenue_minor'>;
  maintenance: WithoutFigure<MaintenanceRow, 'cost_minor'>[] | null;
  /** Absent on the full detail (GET /api/nine/inventory/products/:id), which always has them. */
  figures?: boolean;
}

export const itemInput = z.object({
  sku,
  barcode,
  status: z.enum(itemStatuses).default('available'),
  home_location_id: id,
  current_location_id: id.optional(),
});
export type ItemInput = z.input<typeof itemInput>;

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

export const rentalHistoryQuery = pageQuery({ size: { default: 20, max: 100 } });

export interface RentalHistoryRow {
  order_item_id: number;
  order_id: number;
  order_number: number;
  order_type: string;
  customer: string | null;
  item_sku: string | null;
  quantity: number;
  status: string;
  planned_start: string | null;
  planned_finish: string | null;
  delivered_at: string | null;
  returned_at: string | null;
  revenue_minor: number;
  created_at: string;
}

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
    .pipe(categoryInput.shape.sort_order),
});

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  /** A path under /api, or null without an image. */
  image_url: string | null;
  sort_order: number;
  product_count: number;
  attribute_ids: number[];
}

export interface CategoryList {
  rows: CategoryRow[];
  /** The activity setting `show_category_image_in_admin_pannel` of the location. */
  show_images: boolean;
}

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
  .transform((a) => ({ ...a, options: a.kind === 'option' ? a.options : [] }))
  .pipe(attributeInput);

export interface AttributeRow {
  id: number;
  name: string;
  kind: AttributeKind;
  options: string[];
  category_ids: number[];
}

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

export interface ImportRefusal {
  /** 1-based line in the file, header = line 1. */
  line: number;
  sku: string;
  reasons: ImportReason[];
}

export interface ImportReport {
  imported: boolean;
  rows: number;
  products_created: number;
  items_created: number;
  stock_rows: number;
  refused: ImportRefusal[];
}
