import { z } from 'zod';
import { pageQuery } from './page.ts';
import { amountMinor } from '../money.ts';
import { STAFF_NOTE_MAX } from '../constants.ts';
import { invoiceTimings } from '../invoice-timing.ts';
import { priceBreakdownSchema } from '../tax.ts';
import {
  itemStatuses,
  rentStatuses,
  saleStatuses,
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

/** The list flags a column filter can ask for (each one must be set). */
export const orderFlagFilters = [
  'not_balanced',
  'deposit_in_custody',
  'order_image',
  'staff_note',
  'customer_note',
  'cc_skipped',
  'has_delivery',
] as const;

/**
 * Spec section 3's column filters, by column, with their type. Each is a query parameter `f_<column>`:
 * options are comma lists, text is a contains match, timestamp and daterange are `from..to` days in the
 * location's time zone (either end may be empty; a single day means that day).
 */
export const orderColumnFilters = {
  number: 'text',
  customer: 'text',
  status: 'options',
  source: 'options',
  flags: 'options',
  planned_start: 'daterange',
  planned_finish: 'daterange',
  actual_start: 'daterange',
  actual_finish: 'daterange',
  created_at: 'timestamp',
  closed_at: 'timestamp',
  cancelled_at: 'timestamp',
} as const;
export type OrderFilterColumn = keyof typeof orderColumnFilters;
export type ColumnFilterType = (typeof orderColumnFilters)[OrderFilterColumn];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(d: string): boolean {
  const date = new Date(`${d}T00:00:00Z`);
  return DAY.test(d) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(d);
}

/** `YYYY-MM-DD`, `from..`, `..to` or `from..to`, parsed to its two ends. */
export function parseDayRange(value: string): { from?: string; to?: string } | null {
  const [from = '', to = from, extra] = value.includes('..') ? value.split('..') : [value, value];
  if (extra !== undefined || (from === '' && to === '')) return null;
  if ((from !== '' && !isDay(from)) || (to !== '' && !isDay(to))) return null;
  if (from !== '' && to !== '' && to < from) return null;
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

const commaList = <T extends string>(values: readonly [T, ...T[]]) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z.array(z.enum(values)).min(1).max(values.length),
  );
const dayRange = z
  .string()
  .max(30)
  .refine((v) => parseDayRange(v) !== null, 'day_range');

function columnFilterShape() {
  return {
    f_number: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/)
      .optional(),
    f_customer: z.string().trim().min(1).max(100).optional(),
    f_status: commaList([...new Set([...rentStatuses, ...saleStatuses])] as [
      OrderStatus,
      ...OrderStatus[],
    ]).optional(),
    f_source: commaList(['web', 'phone', 'back_end', 'walk_in', 'kiosk']).optional(),
    f_flags: commaList(orderFlagFilters).optional(),
    f_planned_start: dayRange.optional(),
    f_planned_finish: dayRange.optional(),
    f_actual_start: dayRange.optional(),
    f_actual_finish: dayRange.optional(),
    f_created_at: dayRange.optional(),
    f_closed_at: dayRange.optional(),
    f_cancelled_at: dayRange.optional(),
  };
}

const bool = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

export const orderListQuery = pageQuery({
  sort: { fields: orderSortFields, default: 'created_at', dir: 'desc' },
}).extend({
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
  ...columnFilterShape(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderListRow = z.object({
  id: z.number(),
  number: z.number(),
  type: z.string(),
  source: z.string(),
  status: z.string(),
  overdue: z.boolean(),
  customer: z
    .object({ id: z.number(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  planned_start: z.string().nullable(),
  planned_finish: z.string().nullable(),
  actual_start: z.string().nullable(),
  actual_finish: z.string().nullable(),
  closed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  rental_items: z.number(),
  total_minor: z.number(),
  paid_minor: z.number(),
  flags: z.object({
    not_balanced: z.boolean(),
    deposit_in_custody: z.boolean(),
    order_image: z.boolean(),
    staff_note: z.boolean(),
    customer_note: z.boolean(),
    cc_skipped: z.boolean(),
    has_delivery: z.boolean(),
  }),
});
export type OrderListRow = z.infer<typeof orderListRow>;

// The one list envelope lives in ./page.ts; named here too for the web files that import it from orders.
export type { Page } from './page.ts';

const isoDate = z.iso.datetime({ offset: true });

/** A rental's period rule, on planned_finish: `.refine(...finishAfterStart)` (the create, the quote, the wizard). */
export const finishAfterStart: [
  check: (period: { planned_start: string; planned_finish: string }) => boolean,
  params: { path: string[]; message: string },
] = [
  (period) => new Date(period.planned_finish) > new Date(period.planned_start),
  { path: ['planned_finish'], message: 'must be after planned_start' },
];

/** The longest rental period a draft, a quote, an order or a price preview may ask for: three years. */
export const RENT_PERIOD_MAX_DAYS = 1096;

/** A rental's period rule, on planned_finish: `.refine(...periodWithinMax)` beside finishAfterStart. */
export const periodWithinMax: [
  check: (period: { planned_start: string; planned_finish: string }) => boolean,
  params: { path: string[]; message: string },
] = [
  (period) =>
    Date.parse(period.planned_finish) - Date.parse(period.planned_start) <= RENT_PERIOD_MAX_DAYS * 86_400_000,
  { path: ['planned_finish'], message: 'period_too_long' },
];

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
  .refine(...finishAfterStart)
  .refine(...periodWithinMax);
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
        discount_minor: amountMinor.default(0),
      }),
    )
    .min(1)
    .max(200),
  staff_note: z.string().trim().max(STAFF_NOTE_MAX).optional(),
});
export type SaleOrderCreate = z.infer<typeof saleOrderCreate>;

/** Warnings a clerk must see and accept before an action goes through (code 1205 lists them). */
export const orderWarnings = [
  'unpaid',
  'early_deliver',
  'early_return',
  'no_sku',
  'category_change',
  // Closing with a deposit still held or a balance still due, when the activity settings say 'warn'.
  'deposit_held',
  'balance_due',
] as const;
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
  .refine(...finishAfterStart)
  .refine(...periodWithinMax);

/** Change period: the live lines of a rent order take the new period, repriced and checked for availability. */
export const rentOrderPeriod = z
  .object({
    planned_start: isoDate,
    planned_finish: isoDate,
    version: z.number().int().positive(),
    acknowledge: z.array(z.enum(orderWarnings)).default([]),
  })
  .refine(...finishAfterStart)
  .refine(...periodWithinMax);
export type RentOrderPeriod = z.infer<typeof rentOrderPeriod>;

export const orderCustomer = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  is_anonymous: z.boolean(),
});
export type OrderCustomer = z.infer<typeof orderCustomer>;

export const orderItem = z.object({
  id: z.number(),
  product_id: z.number(),
  product_sku: z.string(),
  product_name: z.string(),
  product_category: z.string().nullable(),
  /** The serialized item booked, or null for a bulk product line (no SKU). */
  item_id: z.number().nullable(),
  item_sku: z.string().nullable(),
  barcode: z.string().nullable(),
  quantity: z.number().int(),
  unit_price_minor: z.number().int(),
  discount_minor: z.number().int(),
  status: z.enum(itemStatuses),
  delivered_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  counter_start: z.number().nullable(),
  counter_end: z.number().nullable(),
  /** On an invoice already: its price and discount are fixed. */
  invoiced: z.boolean(),
  /** A tour seat line's departure and age group (both or neither); null on rent and sale lines. */
  tour_event_id: z.number().nullable(),
  tour_age_group_id: z.number().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

const orderEventTypes = [
  'CONFIRM',
  'DELIVER',
  'UNDO_DELIVER',
  'RETURN',
  'CANCEL_ITEMS',
  'CANCEL',
  'REFUNDED',
  'CLOSE',
] as const satisfies readonly OrderEventType[];

/** An action the order allows now; item actions name the items each applies to. */
export const allowedEvent = z.object({
  type: z.enum(orderEventTypes),
  item_ids: z.array(z.number()).optional(),
});
export type AllowedEvent = z.infer<typeof allowedEvent>;

export const timelineEntry = z.object({
  at: z.string(),
  user: z.string().nullable(),
  action: z.string(),
  data: z.unknown(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** Edit item (its discount) and set counter (meter readings out and back); unchanged fields are left out. */
export const orderItemUpdate = z
  .object({
    version: z.number().int().positive(),
    discount_minor: amountMinor.optional(),
    counter_start: z.number().int().min(0).max(1e12).nullable().optional(),
    counter_end: z.number().int().min(0).max(1e12).nullable().optional(),
  })
  .refine(
    (b) => b.discount_minor !== undefined || b.counter_start !== undefined || b.counter_end !== undefined,
    {
      message: 'nothing to change',
    },
  );
export type OrderItemUpdate = z.infer<typeof orderItemUpdate>;

/** Replace item: another serialized item by its SKU; another product or category needs acknowledging. */
export const orderItemReplace = z.object({
  version: z.number().int().positive(),
  sku: z.string().trim().min(1).max(64),
  acknowledge: z.array(z.enum(orderWarnings)).default([]),
});
export type OrderItemReplace = z.infer<typeof orderItemReplace>;

/** Add to invoice: the chosen lines go on the order's invoice in progress (one is opened when none is). */
export const orderItemsInvoice = z.object({
  version: z.number().int().positive(),
  item_ids: z.array(z.number().int().positive()).min(1).max(200),
  /** A particular invoice in progress of this order; by default its newest one. */
  invoice_id: z.number().int().positive().optional(),
});
export type OrderItemsInvoice = z.infer<typeof orderItemsInvoice>;

/** POST …/:id/invoice-items answers the invoice the lines went on and the order as it is now. */
export const orderItemsInvoiced = z.object({ invoice_id: z.number(), order: z.lazy(() => orderDetail) });
export type OrderItemsInvoiced = z.infer<typeof orderItemsInvoiced>;

/** Someone taking part in a rental (a tour's riders, a boat's crew): name, and what the staff may need. */
export const orderParticipantInput = z.object({
  name: z.string().trim().min(1).max(120),
  age: z.number().int().min(0).max(130).nullable().optional(),
  weight_kg: z.number().int().min(1).max(400).nullable().optional(),
  notes: z.string().trim().max(500).nullable().optional(),
});
export type OrderParticipantInput = z.infer<typeof orderParticipantInput>;

export const orderParticipant = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number().nullable(),
  weight_kg: z.number().nullable(),
  notes: z.string().nullable(),
});
export type OrderParticipant = z.infer<typeof orderParticipant>;

/** The largest drawn signature accepted, as a data URL (a signature pad's PNG is a few kilobytes). */
export const SIGNATURE_MAX_CHARS = 300_000;

/**
 * A signature is drawn on the pad (a PNG data URL) or typed (the signer's name, which the server draws
 * as SVG itself, so no client-made SVG is ever stored or served).
 */
export const orderSignatureInput = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('drawn'),
    signer_name: z.string().trim().min(1).max(120),
    image: z
      .string()
      .max(SIGNATURE_MAX_CHARS)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/),
  }),
  z.object({
    method: z.literal('typed'),
    signer_name: z.string().trim().min(1).max(120),
  }),
]);
export type OrderSignatureInput = z.infer<typeof orderSignatureInput>;

export const orderSignature = z.object({
  method: z.enum(['drawn', 'typed']),
  signer_name: z.string(),
  /** A data URL: image/png when drawn, image/svg+xml when typed. */
  image: z.string(),
  signed_at: z.string(),
  signed_by: z.string().nullable(),
});
export type OrderSignature = z.infer<typeof orderSignature>;

export const ORDER_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ORDER_PHOTO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'] as const;

export const orderPhoto = z.object({
  id: z.number(),
  file_name: z.string(),
  content_type: z.enum(ORDER_PHOTO_TYPES),
  size_bytes: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type OrderPhoto = z.infer<typeof orderPhoto>;

/** GET /api/nine/rent-orders/:id and /sale-orders/:id: the order view's data, built by the server. */
export const orderDetail = z.object({
  id: z.number(),
  number: z.number(),
  type: z.enum(['rent', 'sale', 'borrow', 'adhoc', 'item', 'tour']),
  source: z.string(),
  status: z.union([z.enum(rentStatuses), z.enum(saleStatuses)]),
  /** Sent back with every change; a stale one is refused (1021). */
  version: z.number(),
  overdue: z.boolean(),
  location_id: z.number(),
  rental_type_id: z.number().nullable(),
  planned_start: z.string().nullable(),
  planned_finish: z.string().nullable(),
  actual_start: z.string().nullable(),
  actual_finish: z.string().nullable(),
  closed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  total_minor: z.number().int(),
  deposit_minor: z.number().int(),
  paid_minor: z.number().int(),
  balance_minor: z.number().int(),
  staff_note: z.string().nullable(),
  customer_note: z.string().nullable(),
  order_image: z.string().nullable(),
  deposit_in_custody: z.boolean(),
  cc_skipped: z.boolean(),
  has_delivery: z.boolean(),
  /** The fees of its deliveries not cancelled: part of the total and of the price breakdown's subtotal. */
  delivery_fee_minor: z.number().int(),
  customer: orderCustomer.nullable(),
  items: z.array(orderItem),
  allowed_events: z.array(allowedEvent),
  timeline: z.array(timelineEntry),
  participants: z.array(orderParticipant),
  signature: orderSignature.nullable(),
  photos: z.array(orderPhoto),
  /** The largest photo the location accepts (general settings). */
  photo_max_bytes: z.number(),
  /** Activity setting manual_invoice_time for the order's rental type: when "add to invoice" is offered. */
  manual_invoice_time: z.enum(invoiceTimings).optional(),
  /** Activity setting simultaneous_replace_and_deliver: "replace item" is offered on delivered lines too. */
  replace_delivered: z.boolean().optional(),
  /**
   * Subtotal, discounts, each tax with its rate and the total, per is_tax_included and show_taxes_mode:
   * what receipts and prints show (shared/tax.ts priceBreakdown).
   */
  price_breakdown: priceBreakdownSchema,
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** POST /api/nine/rent-orders/quote: the draft priced, and each line's availability over the period. */
export const rentQuoteLine = z.object({
  item_id: z.number().nullable(),
  product_id: z.number(),
  quantity: z.number().int(),
  /** For the whole period, as the order would be priced. */
  unit_price_minor: z.number().int(),
  deposit_minor: z.number().int(),
  available: z.boolean(),
  /** Bulk lines: how many are free over the period; null for serialized items. */
  available_quantity: z.number().int().nullable(),
  /** The category's name, or the product's SKU when it has none. */
  product_category: z.string(),
  product_sku: z.string(),
});
export type RentQuoteLine = z.infer<typeof rentQuoteLine>;
export const rentQuote = z.object({
  lines: z.array(rentQuoteLine),
  net_minor: z.number().int(),
  tax_minor: z.number().int(),
  total_minor: z.number().int(),
  deposit_minor: z.number().int(),
  is_tax_included: z.boolean(),
  /** Subtotal, each tax with its rate, and the total; its lines follow `lines`. */
  price_breakdown: priceBreakdownSchema,
  /**
   * The period as it would be booked: moved into the location's opening hours when the activity setting
   * adjust_plan_to_business_hours is on (shared/business-hours.ts), else as asked. Always sent by the server.
   */
  planned_start: z.string().optional(),
  planned_finish: z.string().optional(),
});
export type RentQuote = z.infer<typeof rentQuote>;
