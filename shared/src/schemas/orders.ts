import { z } from 'zod';
import { STAFF_NOTE_MAX } from '../constants.ts';
import type { Minor } from '../money.ts';
import {
  rentStatuses,
  saleStatuses,
  type ItemStatus,
  type OrderEventType,
  type OrderStatus,
} from '../order-machine.ts';

export const orderSortFields = [
  'number',
  'customer',
  'planned_start',
  'planned_finish',
  'actual_start',
  'actual_finish',
  'closed_at',
  'cancelled_at',
  'created_at',
  'status',
  'total',
] as const;

/** Spec section 3's list filters. Status values include the views all_orders, overdue, arrivals and departure. */
export const orderStatusFilters = [
  'all_orders',
  ...new Set([...rentStatuses, ...saleStatuses]),
  'overdue',
  'arrivals',
  'departure',
] as const;

const bool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

export const orderListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
  sort: z.enum(orderSortFields).default('created_at'),
  sort_type: z.enum(['asc', 'desc']).default('desc'),
  from_date: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to_date: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  location_id: z.coerce.number().int().positive().optional(),
  order_status_r: z.enum(orderStatusFilters).default('all_orders'),
  order_type: z.enum(['rent', 'sale', 'borrow', 'adhoc', 'item']).optional(),
  rental_type_id: z.coerce.number().int().positive().optional(),
  source: z.enum(['web', 'phone', 'back_end', 'walk_in', 'kiosk']).optional(),
  search: z.string().trim().max(100).optional(),
  overdue_type: z.enum(['all', 'today', 'past']).optional(),
  has_unbalanced_invoice: bool.optional(),
  invoice_balance_status: z.enum(['paid', 'partially_paid', 'unpaid']).optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export interface OrderListRow {
  id: number;
  number: number;
  type: string;
  source: string;
  status: string;
  overdue: boolean;
  customer: { id: number; name: string; phone: string | null; email: string | null } | null;
  planned_start: string | null;
  planned_finish: string | null;
  actual_start: string | null;
  actual_finish: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  rental_items: number;
  total_minor: number;
  paid_minor: number;
  flags: {
    not_balanced: boolean;
    deposit_in_custody: boolean;
    order_image: boolean;
    staff_note: boolean;
    customer_note: boolean;
    cc_skipped: boolean;
    has_delivery: boolean;
  };
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

const isoDate = z.iso.datetime({ offset: true });

export const rentOrderCreate = z
  .object({
    customer_id: z.number().int().positive(),
    rental_type_id: z.number().int().positive().default(1),
    planned_start: isoDate,
    planned_finish: isoDate,
    source: z.enum(['web', 'phone', 'back_end', 'walk_in', 'kiosk']).default('back_end'),
    status: z.enum(['pending', 'confirmed']).default('confirmed'),
    items: z
      .array(
        z.union([
          z.object({ item_id: z.number().int().positive() }),
          z.object({ product_id: z.number().int().positive(), quantity: z.number().int().min(1).max(999) }),
        ]),
      )
      .min(1)
      .max(100),
    staff_note: z.string().trim().max(STAFF_NOTE_MAX).optional(),
    customer_note: z.string().trim().max(2000).optional(),
    cc_skipped: z.boolean().default(false),
  })
  .refine((o) => new Date(o.planned_finish) > new Date(o.planned_start), {
    path: ['planned_finish'],
    message: 'must be after planned_start',
  });
export type RentOrderCreate = z.infer<typeof rentOrderCreate>;

export const saleOrderCreate = z.object({
  /** Omitted: the business's default customer (sale_order_default_customer). */
  customer_id: z.number().int().positive().optional(),
  source: z.enum(['web', 'phone', 'back_end', 'walk_in', 'kiosk']).default('walk_in'),
  items: z
    .array(
      z.object({
        product_id: z.number().int().positive(),
        quantity: z.number().int().min(1).max(999),
        discount_minor: z.number().int().min(0).default(0),
      }),
    )
    .min(1)
    .max(200),
  staff_note: z.string().trim().max(STAFF_NOTE_MAX).optional(),
});
export type SaleOrderCreate = z.infer<typeof saleOrderCreate>;

/** Warnings a clerk must see and accept before an action goes through (code 1205 lists them). */
export const orderWarnings = ['unpaid', 'early_deliver', 'early_return', 'no_sku'] as const;
export type OrderWarning = (typeof orderWarnings)[number];

export const orderEventRequest = z.object({
  type: z.enum([
    'CONFIRM',
    'DELIVER',
    'UNDO_DELIVER',
    'RETURN',
    'CANCEL_ITEMS',
    'CANCEL',
    'REFUNDED',
    'CLOSE',
  ]),
  item_ids: z.array(z.number().int().positive()).max(200).optional(),
  /** The order's version as the client last saw it; a stale one is refused (1021). */
  version: z.number().int().positive(),
  acknowledge: z.array(z.enum(orderWarnings)).default([]),
  access_key: z.string().min(1).max(64).optional(),
});
export type OrderEventRequest = z.infer<typeof orderEventRequest>;

export const orderNotesUpdate = z.object({
  version: z.number().int().positive(),
  staff_note: z.string().trim().max(STAFF_NOTE_MAX).nullable().optional(),
  customer_note: z.string().trim().max(2000).nullable().optional(),
});

/** A draft priced and checked without booking: what the create screen shows live. */
export const rentOrderQuote = z
  .object({
    planned_start: isoDate,
    planned_finish: isoDate,
    rental_type_id: z.number().int().positive().optional(),
    items: z
      .array(
        z.union([
          z.object({ item_id: z.number().int().positive() }),
          z.object({ product_id: z.number().int().positive(), quantity: z.number().int().min(1).max(999) }),
        ]),
      )
      .min(1)
      .max(100),
  })
  .refine((o) => new Date(o.planned_finish) > new Date(o.planned_start), {
    path: ['planned_finish'],
    message: 'must be after planned_start',
  });

export interface OrderCustomer {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  postal_code: string | null;
  is_anonymous: boolean;
}

export interface OrderItem {
  id: number;
  product_id: number;
  product_sku: string;
  product_name: string;
  product_category: string | null;
  /** The serialized item booked, or null for a bulk product line (no SKU). */
  item_id: number | null;
  item_sku: string | null;
  barcode: string | null;
  quantity: number;
  unit_price_minor: Minor;
  discount_minor: Minor;
  status: ItemStatus;
  delivered_at: string | null;
  returned_at: string | null;
}

/** An action the order allows now; item actions name the items each applies to. */
export interface AllowedEvent {
  type: OrderEventType;
  item_ids?: number[];
}

export interface TimelineEntry {
  at: string;
  user: string | null;
  action: string;
  data: unknown;
}

/** GET /api/nine/rent-orders/:id and /sale-orders/:id: the order view's data, built by the server. */
export interface OrderDetail {
  id: number;
  number: number;
  type: 'rent' | 'sale' | 'borrow' | 'adhoc' | 'item';
  source: string;
  status: OrderStatus;
  /** Sent back with every change; a stale one is refused (1021). */
  version: number;
  overdue: boolean;
  location_id: number;
  rental_type_id: number | null;
  planned_start: string | null;
  planned_finish: string | null;
  actual_start: string | null;
  actual_finish: string | null;
  closed_at: string | null;
  cancelled_at: string | null;
  created_at: string;
  total_minor: Minor;
  deposit_minor: Minor;
  paid_minor: Minor;
  balance_minor: Minor;
  staff_note: string | null;
  customer_note: string | null;
  order_image: string | null;
  deposit_in_custody: boolean;
  cc_skipped: boolean;
  has_delivery: boolean;
  customer: OrderCustomer | null;
  items: OrderItem[];
  allowed_events: AllowedEvent[];
  timeline: TimelineEntry[];
}
