import { z } from 'zod';
import { amountMinor } from '../money.ts';

/** Barcodes, availability calendar, scheduled maintenance, repair logs and stocktakes (issue 7). */

export type ItemStatus = 'available' | 'rented' | 'maintenance' | 'retired' | 'lost';

const id = z.coerce.number().int().positive();
const page = z.coerce.number().int().min(1).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

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

export const labelItemsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page,
  page_size: z.coerce.number().int().min(1).max(200).default(50),
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
export const availabilityCalendarQuery = z
  .object({
    from: isoDateTime.optional(),
    start_day: z.iso.date().optional(),
    slot_minutes: z.coerce.number().int().min(15).max(1440).default(1440),
    slots: z.coerce.number().int().min(1).max(62).default(31),
    category_id: id.optional(),
    product_id: id.optional(),
    search: z.string().trim().max(100).optional(),
    page,
    page_size: z.coerce.number().int().min(1).max(500).default(300),
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

export interface AvailabilityCalendar {
  /** Slot starts, in order. */
  slots: string[];
  /** Where the last slot ends. */
  end: string;
  rows: CalendarRow[];
  total: number;
  page: number;
  page_size: number;
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

export const scheduledMaintenanceQuery = z.object({
  due: z.enum(['all', 'due']).default('all'),
  search: z.string().trim().max(100).optional(),
  page,
  page_size: pageSize,
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

export const repairLogsQuery = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  item_id: id.optional(),
  page,
  page_size: pageSize,
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

export const stocktakeListQuery = z.object({ page, page_size: pageSize });

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
const sortDir = z.enum(['asc', 'desc']);

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
export const repairLogReportQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  status: z.enum(['open', 'closed']).optional(),
  product_id: id.optional(),
  category_id: id.optional(),
  search: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(repairLogReportSorts).default('opened_at'),
  dir: sortDir.default('desc'),
  page,
  page_size: z.coerce.number().int().min(1).max(200).default(25),
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

export interface RepairLogReport {
  rows: RepairLogReportRow[];
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
  totals: RepairLogReportTotals;
}

export const maintenanceReportStatuses = ['ok', 'due_soon', 'due', 'in_repair'] as const;
export type MaintenanceReportStatus = (typeof maintenanceReportStatuses)[number];
export const maintenanceReportSorts = ['due_in', 'sku', 'product_name', 'last_service_at'] as const;

/** reports/maintenance: items under a rule now, plus services and repairs closed from `from` to `to`. */
export const maintenanceReportQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  status: z.enum(maintenanceReportStatuses).optional(),
  product_id: id.optional(),
  category_id: id.optional(),
  search: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(maintenanceReportSorts).default('due_in'),
  dir: sortDir.default('asc'),
  page,
  page_size: z.coerce.number().int().min(1).max(200).default(25),
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

export interface MaintenanceReport {
  rows: MaintenanceReportRow[];
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
  counts: Record<MaintenanceReportStatus, number>;
  period: MaintenancePeriod;
}
