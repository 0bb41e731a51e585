import { z } from 'zod';
import { pageQuery, type Page } from './page.ts';
import { amountMinor } from '../money.ts';

/** Barcodes, availability calendar, scheduled maintenance, repair logs and stocktakes (issue 7). */

export type ItemStatus = 'available' | 'rented' | 'maintenance' | 'retired' | 'lost';

const id = z.coerce.number().int().positive();
/** The stock lists' own page size: 20 rows, at most 100. */
const STOCK_PAGE = { size: { default: 20, max: 100 } } as const;

// Barcodes -------------------------------------------------------------------------------------

export const barcodeLookupQuery = z.object({ code: z.string().trim().min(1).max(64) });

/** What the barcode screen may offer for the item, decided by the server from its state. */
export type ItemAction = 'open_product' | 'send_to_maintenance' | 'mark_available' | 'report_damage';

export interface ScannedItem {
  kind: 'item';
  item_id: number;
  sku: string;
  barcode: string;
  status: ItemStatus;
  product_id: number;
  product_kind: 'rent' | 'sale';
  product_name: string;
  product_sku: string;
  category: string | null;
  home_location: string;
  current_location: string;
  rent_count: number;
  rent_minutes: number;
  maintenance_due: boolean;
  open_repair_log_id: number | null;
  /** The last order the item was returned from, to report damage found at the return. */
  last_return: { order_id: number; order_number: number; returned_at: string } | null;
  actions: ItemAction[];
}

export interface ScannedProduct {
  kind: 'product';
  product_id: number;
  product_kind: 'rent' | 'sale';
  product_name: string;
  product_sku: string;
  category: string | null;
  barcode: string | null;
  stock_quantity: number;
  actions: ItemAction[];
}

export type BarcodeMatch = ScannedItem | ScannedProduct;

export const labelItemsQuery = pageQuery({ size: { default: 50, max: 200 } }).extend({
  search: z.string().trim().max(100).optional(),
});

export interface LabelItem {
  item_id: number;
  sku: string;
  barcode: string;
  product_name: string;
  status: ItemStatus;
}

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

export interface CalendarRow {
  product_id: number;
  sku: string;
  name: string;
  category: string | null;
  is_serialized: boolean;
  /** Units the location holds: serialized items not retired or lost, or the bulk stock. */
  capacity: number;
  /** Serialized items in maintenance or due for it now. */
  in_maintenance: number;
  /** Booked units per slot, in slot order. */
  booked: number[];
}

export interface AvailabilityCalendar extends Page<CalendarRow> {
  /** Slot starts, in order. */
  slots: string[];
  /** Where the last slot ends. */
  end: string;
}

export const calendarOrdersQuery = z
  .object({ product_id: id, from: isoDateTime, to: isoDateTime })
  .refine((q) => new Date(q.to) > new Date(q.from), { path: ['to'], message: 'must be after from' });

export interface CalendarBooking {
  order_id: number;
  order_number: number;
  order_type: string;
  order_status: string;
  customer: string | null;
  item_sku: string | null;
  quantity: number;
  planned_start: string;
  planned_finish: string;
}

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

export interface MaintenanceRule {
  id: number;
  rental_type_id: number | null;
  rental_type: string | null;
  product_id: number | null;
  product: string | null;
  every_rent_hours: number | null;
  every_days: number | null;
}

export interface RentalGroup {
  id: number;
  name: string;
}

export const scheduledMaintenanceQuery = pageQuery(STOCK_PAGE).extend({
  due: z.enum(['all', 'due']).default('all'),
  search: z.string().trim().max(100).optional(),
});

export interface ScheduledMaintenanceRow {
  item_id: number;
  sku: string;
  product_name: string;
  rental_group: string | null;
  status: ItemStatus;
  rent_hours_since_service: number;
  every_rent_hours: number | null;
  every_days: number | null;
  /** Rent hours left before service (negative: overdue); null without an hours rule. */
  due_in_hours: number | null;
  /** When the days rule falls due; null without a days rule. */
  due_at: string | null;
  due: boolean;
  open_repair_log_id: number | null;
}

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

export interface RepairLog {
  id: number;
  item_id: number;
  item_sku: string;
  product_name: string;
  status: 'open' | 'closed';
  problem: string;
  order_id: number | null;
  order_number: number | null;
  opened_at: string;
  opened_by: string | null;
  closed_at: string | null;
  cost_minor: number;
  work: { work: string; cost_minor: number; at: string; user: string | null }[];
}

// Stocktake ------------------------------------------------------------------------------------

export const stocktakeStart = z.object({ access_key: z.string().min(1).max(64) });
export const stocktakeScan = z.object({ code: z.string().trim().min(1).max(64) });

export interface StocktakeLine {
  item_id: number;
  sku: string;
  barcode: string;
  product_name: string;
  status: ItemStatus;
  current_location: string;
  scanned_at: string | null;
}

export interface Stocktake {
  id: number;
  status: 'open' | 'closed';
  started_at: string;
  started_by: string | null;
  approved_by: string | null;
  closed_at: string | null;
  expected: number;
  counted: number;
  missing: StocktakeLine[];
  unexpected: StocktakeLine[];
}

export interface StocktakeScanResult {
  outcome: 'counted' | 'unexpected' | 'already_scanned';
  line: StocktakeLine;
  stocktake: Stocktake;
}

export const stocktakeListQuery = pageQuery(STOCK_PAGE);

export interface StocktakeSummary {
  id: number;
  status: 'open' | 'closed';
  started_at: string;
  closed_at: string | null;
  started_by: string | null;
  expected_count: number;
  missing_count: number | null;
  unexpected_count: number | null;
}

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

export interface RepairLogReportRow {
  id: number;
  item_id: number;
  item_sku: string;
  product_id: number;
  product_name: string;
  problem: string;
  order_number: number | null;
  opened_at: string;
  opened_by: string | null;
  work_count: number;
  cost_minor: number;
  closed_at: string | null;
  /** Days the item was (or has been, while open) out of service, one decimal. */
  days_out: number;
  status: 'open' | 'closed';
}

export interface RepairLogReportTotals {
  logs: number;
  open: number;
  cost_minor: number;
  /** Null when no log matches. */
  avg_days_out: number | null;
}

export interface RepairLogReport extends Page<RepairLogReportRow> {
  total_capped: boolean;
  totals: RepairLogReportTotals;
}

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

export interface MaintenanceReportRow {
  item_id: number;
  sku: string;
  product_id: number;
  product_name: string;
  every_rent_hours: number | null;
  every_days: number | null;
  rent_hours_since_service: number;
  days_since_service: number;
  /** Rent hours left before service, negative when overdue; null without an hours rule. */
  due_in_hours: number | null;
  /** Days left before service, negative when overdue; null without a days rule. */
  due_in_days: number | null;
  status: MaintenanceReportStatus;
  /** The last service; null when never serviced (counted from the item's creation). */
  last_serviced_at: string | null;
  open_repair_log_id: number | null;
}

export interface MaintenancePeriod {
  /** Services recorded in the period: closed repairs and services without a repair log. */
  services: number;
  repairs_closed: number;
  repairs_cost_minor: number;
  other_services_cost_minor: number;
  cost_minor: number;
}

export interface MaintenanceReport extends Page<MaintenanceReportRow> {
  total_capped: boolean;
  counts: Record<MaintenanceReportStatus, number>;
  period: MaintenancePeriod;
}
