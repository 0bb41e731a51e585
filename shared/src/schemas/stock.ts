import { z } from 'zod';
import { pageQuery } from './page.ts';
import { amountMinor } from '../money.ts';
import { accessKeyPrompt } from './auth.ts';

/** Barcodes, availability calendar, scheduled maintenance, repair logs and stocktakes (issue 7). */

export const itemStatuses = ['available', 'rented', 'maintenance', 'retired', 'lost'] as const;
export type ItemStatus = (typeof itemStatuses)[number];
const itemStatus = z.enum(itemStatuses);

const id = z.coerce.number().int().positive();
/** The stock lists' own page size: 20 rows, at most 100. */
const STOCK_PAGE = { size: { default: 20, max: 100 } } as const;

// Barcodes -------------------------------------------------------------------------------------

export const barcodeLookupQuery = z.object({ code: z.string().trim().min(1).max(64) });

/** What the barcode screen may offer for the item, decided by the server from its state. */
export const itemActions = [
  'open_product',
  'send_to_maintenance',
  'mark_available',
  'report_damage',
] as const;
export type ItemAction = (typeof itemActions)[number];

export const scannedItem = z.object({
  kind: z.literal('item'),
  item_id: z.number(),
  sku: z.string(),
  barcode: z.string(),
  status: itemStatus,
  product_id: z.number(),
  product_kind: z.enum(['rent', 'sale']),
  product_name: z.string(),
  product_sku: z.string(),
  category: z.string().nullable(),
  home_location: z.string(),
  current_location: z.string(),
  rent_count: z.number(),
  rent_minutes: z.number(),
  maintenance_due: z.boolean(),
  open_repair_log_id: z.number().nullable(),
  /** The last order the item was returned from, to report damage found at the return. */
  last_return: z
    .object({ order_id: z.number(), order_number: z.number(), returned_at: z.string() })
    .nullable(),
  actions: z.array(z.enum(itemActions)),
});
export type ScannedItem = z.infer<typeof scannedItem>;

export const scannedProduct = z.object({
  kind: z.literal('product'),
  product_id: z.number(),
  product_kind: z.enum(['rent', 'sale']),
  product_name: z.string(),
  product_sku: z.string(),
  category: z.string().nullable(),
  barcode: z.string().nullable(),
  stock_quantity: z.number(),
  actions: z.array(z.enum(itemActions)),
});
export type ScannedProduct = z.infer<typeof scannedProduct>;

export const barcodeMatch = z.discriminatedUnion('kind', [scannedItem, scannedProduct]);
export type BarcodeMatch = z.infer<typeof barcodeMatch>;

export const labelItemsQuery = pageQuery({ size: { default: 50, max: 200 } }).extend({
  search: z.string().trim().max(100).optional(),
});

export const labelItem = z.object({
  item_id: z.number(),
  sku: z.string(),
  barcode: z.string(),
  product_name: z.string(),
  status: itemStatus,
});
export type LabelItem = z.infer<typeof labelItem>;

// Availability calendar ------------------------------------------------------------------------

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * The calendar asks for `slots` consecutive slots of `slot_minutes`: a month is its days; one day is
 * 24 / calendar_time_intervals slots. The window starts at `start_day` (a day of the location, so whole-day
 * slots are the location's calendar days) or at the instant `from`; exactly one is given.
 */
export const availabilityCalendarQuery = pageQuery({ size: { default: 300, max: 500 } })
  .extend({
    from: isoDateTime.optional(),
    start_day: z.iso.date().optional(),
    slot_minutes: z.coerce.number().int().min(15).max(1440).default(1440),
    slots: z.coerce.number().int().min(1).max(62).default(31),
    category_id: id.optional(),
    product_id: id.optional(),
    search: z.string().trim().max(100).optional(),
  })
  .refine((q) => (q.from === undefined) !== (q.start_day === undefined), {
    path: ['start_day'],
    message: 'give either start_day or from',
  });

export const calendarRow = z.object({
  product_id: z.number(),
  sku: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  is_serialized: z.boolean(),
  /** Units the location holds: serialized items not retired or lost, or the bulk stock. */
  capacity: z.number(),
  /** Serialized items in maintenance or due for it now. */
  in_maintenance: z.number(),
  /** Booked units per slot, in slot order. */
  booked: z.array(z.number()),
});
export type CalendarRow = z.infer<typeof calendarRow>;

export const availabilityCalendar = z.object({
  rows: z.array(calendarRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Slot starts, in order. */
  slots: z.array(z.string()),
  /** Where the last slot ends. */
  end: z.string(),
  /** The location's days ("YYYY-MM-DD") the window touches on which it is closed (business calendar). */
  closed_days: z.array(z.string()),
});
export type AvailabilityCalendar = z.infer<typeof availabilityCalendar>;

export const calendarOrdersQuery = z
  .object({ product_id: id, from: isoDateTime, to: isoDateTime })
  .refine((q) => new Date(q.to) > new Date(q.from), { path: ['to'], message: 'must be after from' });

export const calendarBooking = z.object({
  order_id: z.number(),
  order_number: z.number(),
  order_type: z.string(),
  order_status: z.string(),
  customer: z.string().nullable(),
  item_sku: z.string().nullable(),
  quantity: z.number(),
  planned_start: z.string(),
  planned_finish: z.string(),
});
export type CalendarBooking = z.infer<typeof calendarBooking>;

// Maintenance ----------------------------------------------------------------------------------

export const maintenanceRuleCreate = z
  .object({
    rental_type_id: z.number().int().positive().optional(),
    product_id: z.number().int().positive().optional(),
    every_rent_hours: z.number().int().min(1).max(100_000).optional(),
    every_days: z.number().int().min(1).max(3650).optional(),
  })
  .refine((r) => (r.rental_type_id === undefined) !== (r.product_id === undefined), {
    path: ['product_id'],
    message: 'one of rental_type_id or product_id',
  })
  .refine((r) => r.every_rent_hours !== undefined || r.every_days !== undefined, {
    path: ['every_days'],
    message: 'every_rent_hours or every_days',
  });

// A count typed in a text field: empty is none.
const everyN = (max: number) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(z.number().int().min(1).max(max).optional());

/**
 * The add-rule form: a rental group or a product as chosen in its selects, and the counts as typed. Its
 * output is a maintenanceRuleCreate body.
 */
export const maintenanceRuleForm = z
  .object({
    applies_to: z.enum(['group', 'product']),
    rental_type_id: z.string(),
    product_id: z.string(),
    every_rent_hours: everyN(100_000),
    every_days: everyN(3650),
  })
  .transform(
    ({ applies_to, rental_type_id, product_id, ...counts }): z.input<typeof maintenanceRuleCreate> => ({
      ...(applies_to === 'group'
        ? { rental_type_id: Number(rental_type_id) }
        : { product_id: Number(product_id) }),
      ...(counts.every_rent_hours === undefined ? {} : { every_rent_hours: counts.every_rent_hours }),
      ...(counts.every_days === undefined ? {} : { every_days: counts.every_days }),
    }),
  )
  .pipe(maintenanceRuleCreate);

export const maintenanceRule = z.object({
  id: z.number(),
  rental_type_id: z.number().nullable(),
  rental_type: z.string().nullable(),
  product_id: z.number().nullable(),
  product: z.string().nullable(),
  every_rent_hours: z.number().nullable(),
  every_days: z.number().nullable(),
});
export type MaintenanceRule = z.infer<typeof maintenanceRule>;

export const rentalGroup = z.object({ id: z.number(), name: z.string() });
export type RentalGroup = z.infer<typeof rentalGroup>;

export const scheduledMaintenanceQuery = pageQuery(STOCK_PAGE).extend({
  due: z.enum(['all', 'due']).default('all'),
  search: z.string().trim().max(100).optional(),
});

export const scheduledMaintenanceRow = z.object({
  item_id: z.number(),
  sku: z.string(),
  product_name: z.string(),
  rental_group: z.string().nullable(),
  status: itemStatus,
  rent_hours_since_service: z.number(),
  every_rent_hours: z.number().nullable(),
  every_days: z.number().nullable(),
  /** Rent hours left before service (negative: overdue); null without an hours rule. */
  due_in_hours: z.number().nullable(),
  /** When the days rule falls due; null without a days rule. */
  due_at: z.string().nullable(),
  due: z.boolean(),
  open_repair_log_id: z.number().nullable(),
});
export type ScheduledMaintenanceRow = z.infer<typeof scheduledMaintenanceRow>;

export const repairLogsQuery = pageQuery(STOCK_PAGE).extend({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  item_id: id.optional(),
});

export const repairLogCreate = z.object({
  item_id: z.number().int().positive(),
  problem: z.string().trim().min(1).max(500),
  order_id: z.number().int().positive().optional(),
});

export const repairWorkCreate = z.object({
  work: z.string().trim().min(1).max(500),
  cost_minor: amountMinor,
});

export const repairLogClose = z.object({
  work: z.string().trim().min(1).max(500).optional(),
  cost_minor: amountMinor.default(0),
});

/**
 * The close-repair form: the work may stay empty and an empty cost is no cost. `repairWorkForm` is the
 * add-work form, where the work is needed.
 */
export const repairCloseForm = z.object({
  work: z.string().trim().max(500),
  cost_minor: amountMinor.nullable().transform((minor) => minor ?? 0),
});
export const repairWorkForm = repairCloseForm.extend({ work: repairWorkCreate.shape.work });
/** The send-to-maintenance form of the barcode screen: what is wrong (the item and order come from the scan). */
export const repairProblemForm = repairLogCreate.pick({ problem: true });

export const repairLog = z.object({
  id: z.number(),
  item_id: z.number(),
  item_sku: z.string(),
  product_name: z.string(),
  status: z.enum(['open', 'closed']),
  problem: z.string(),
  order_id: z.number().nullable(),
  order_number: z.number().nullable(),
  opened_at: z.string(),
  opened_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  cost_minor: z.number().int(),
  work: z.array(
    z.object({ work: z.string(), cost_minor: z.number().int(), at: z.string(), user: z.string().nullable() }),
  ),
});
export type RepairLog = z.infer<typeof repairLog>;

// Stocktake ------------------------------------------------------------------------------------

export const stocktakeStart = accessKeyPrompt;
export const stocktakeScan = z.object({ code: z.string().trim().min(1).max(64) });

export const stocktakeLine = z.object({
  item_id: z.number(),
  sku: z.string(),
  barcode: z.string(),
  product_name: z.string(),
  status: itemStatus,
  current_location: z.string(),
  scanned_at: z.string().nullable(),
});
export type StocktakeLine = z.infer<typeof stocktakeLine>;

export const stocktake = z.object({
  id: z.number(),
  status: z.enum(['open', 'closed']),
  started_at: z.string(),
  started_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  expected: z.number(),
  counted: z.number(),
  missing: z.array(stocktakeLine),
  unexpected: z.array(stocktakeLine),
});
export type Stocktake = z.infer<typeof stocktake>;

export const stocktakeScanResult = z.object({
  outcome: z.enum(['counted', 'unexpected', 'already_scanned']),
  line: stocktakeLine,
  stocktake,
});
export type StocktakeScanResult = z.infer<typeof stocktakeScanResult>;

export const stocktakeListQuery = pageQuery(STOCK_PAGE);

export const stocktakeSummary = z.object({
  id: z.number(),
  status: z.enum(['open', 'closed']),
  started_at: z.string(),
  closed_at: z.string().nullable(),
  started_by: z.string().nullable(),
  expected_count: z.number(),
  missing_count: z.number().nullable(),
  unexpected_count: z.number().nullable(),
});
export type StocktakeSummary = z.infer<typeof stocktakeSummary>;

// Inventory reports: repair logs and maintenance ------------------------------------------------

const isoDay = z.iso.date();
export const repairLogReportSorts = [
  'opened_at',
  'item_sku',
  'product_name',
  'work_count',
  'cost',
  'closed_at',
  'days_out',
] as const;

/** reports/repair-logs: logs opened from `from` to `to` (calendar days of the location, inclusive). */
export const repairLogReportQuery = pageQuery({
  sort: { fields: repairLogReportSorts, default: 'opened_at', dir: 'desc', dirKey: 'dir' },
}).extend({
  from: isoDay.optional(),
  to: isoDay.optional(),
  status: z.enum(['open', 'closed']).optional(),
  product_id: id.optional(),
  category_id: id.optional(),
  search: z.string().trim().min(1).max(100).optional(),
});
export type RepairLogReportQuery = z.infer<typeof repairLogReportQuery>;

export const repairLogReportRow = z.object({
  id: z.number(),
  item_id: z.number(),
  item_sku: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  problem: z.string(),
  order_number: z.number().nullable(),
  opened_at: z.string(),
  opened_by: z.string().nullable(),
  work_count: z.number(),
  cost_minor: z.number().int(),
  closed_at: z.string().nullable(),
  /** Days the item was (or has been, while open) out of service, one decimal. */
  days_out: z.number(),
  status: z.enum(['open', 'closed']),
});
export type RepairLogReportRow = z.infer<typeof repairLogReportRow>;

export const repairLogReportTotals = z.object({
  logs: z.number(),
  open: z.number(),
  cost_minor: z.number().int(),
  /** Null when no log matches. */
  avg_days_out: z.number().nullable(),
});
export type RepairLogReportTotals = z.infer<typeof repairLogReportTotals>;

export const repairLogReport = z.object({
  rows: z.array(repairLogReportRow),
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  totals: repairLogReportTotals,
});
export type RepairLogReport = z.infer<typeof repairLogReport>;

export const maintenanceReportStatuses = ['ok', 'due_soon', 'due', 'in_repair'] as const;
export type MaintenanceReportStatus = (typeof maintenanceReportStatuses)[number];
export const maintenanceReportSorts = ['due_in', 'sku', 'product_name', 'last_service_at'] as const;

/** reports/maintenance: items under a rule now, plus services and repairs closed from `from` to `to`. */
export const maintenanceReportQuery = pageQuery({
  sort: { fields: maintenanceReportSorts, default: 'due_in', dirKey: 'dir' },
}).extend({
  from: isoDay.optional(),
  to: isoDay.optional(),
  status: z.enum(maintenanceReportStatuses).optional(),
  product_id: id.optional(),
  category_id: id.optional(),
  search: z.string().trim().min(1).max(100).optional(),
});
export type MaintenanceReportQuery = z.infer<typeof maintenanceReportQuery>;

export const maintenanceReportRow = z.object({
  item_id: z.number(),
  sku: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  every_rent_hours: z.number().nullable(),
  every_days: z.number().nullable(),
  rent_hours_since_service: z.number(),
  days_since_service: z.number(),
  /** Rent hours left before service, negative when overdue; null without an hours rule. */
  due_in_hours: z.number().nullable(),
  /** Days left before service, negative when overdue; null without a days rule. */
  due_in_days: z.number().nullable(),
  status: z.enum(maintenanceReportStatuses),
  /** The last service; null when never serviced (counted from the item's creation). */
  last_serviced_at: z.string().nullable(),
  open_repair_log_id: z.number().nullable(),
});
export type MaintenanceReportRow = z.infer<typeof maintenanceReportRow>;

export const maintenancePeriod = z.object({
  /** Services recorded in the period: closed repairs and services without a repair log. */
  services: z.number(),
  repairs_closed: z.number(),
  repairs_cost_minor: z.number().int(),
  other_services_cost_minor: z.number().int(),
  cost_minor: z.number().int(),
});
export type MaintenancePeriod = z.infer<typeof maintenancePeriod>;

export const maintenanceReport = z.object({
  rows: z.array(maintenanceReportRow),
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  page_size: z.number().int(),
  counts: z.record(z.enum(maintenanceReportStatuses), z.number()),
  period: maintenancePeriod,
});
export type MaintenanceReport = z.infer<typeof maintenanceReport>;
