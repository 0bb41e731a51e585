import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';

// Location settings (spec section 2 "Location settings"): the requests of its save routes and the answers
// of its reads, for the server (modules/settings) and the web page (features/settings).

/** An empty (or blank) optional text is null: cleared, as the form's empty field sends it. */
const blankIsNull = (s: z.ZodType<string, string>) =>
  z
    .union([z.literal('').transform(() => null), s, z.null()])
    .optional()
    .transform((v) => (v === '' ? null : v));

const positiveId = z.number().int().positive();

/** The IANA time zones this runtime knows (browser and server alike), UTC included. */
export function timeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}
// Region/City names (and UTC) only: an offset such as "+05:00" means the opposite sign to PostgreSQL.
const ZONE_NAME = /^(UTC|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/;
/**
 * An IANA time zone name such as America/New_York; a location's instants are shown in it. Any name the
 * runtime can format in counts, aliases included (Asia/Kolkata and Asia/Calcutta): the runtime's list of
 * preferred names differs between browsers and Node. The server also asks PostgreSQL.
 */
export const timeZone = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    if (!ZONE_NAME.test(zone)) return false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'invalid_time_zone');

/** The presets of the calendar's date-time pattern (moment-style tokens; web stock/calendar/date-pattern.ts). */
export const CALENDAR_DATE_TIME_FORMATS = [
  'MM/DD/YYYY hh:mm A',
  'DD/MM/YYYY HH:mm',
  'YYYY-MM-DD HH:mm',
  'DD.MM.YYYY HH:mm',
  'MMM D, YYYY h:mm A',
] as const;
/** Hours per slot in the calendar's one-day view. */
export const CALENDAR_TIME_INTERVALS = [1, 2, 3, 4, 6, 12] as const;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time');
/** A print header: up to 2,000 characters, blank is none. */
export const printHeader = blankIsNull(z.string().trim().max(2000));

/** Section "General information": the location's own name and contact details. */
export const locationDetails = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  time_zone: z.string(),
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  version: z.number(),
  updated_at: z.string(),
});
export type LocationDetails = z.infer<typeof locationDetails>;

/** The General information form; the name is unique among the business's locations (409 locationNameTaken). */
export const locationDetailsForm = z.object({
  name: z.string().trim().min(1).max(100),
  address: blankIsNull(z.string().trim().max(300)),
  zip_code: blankIsNull(z.string().trim().max(20)),
  tel: blankIsNull(
    z
      .string()
      .trim()
      .max(32)
      .regex(/^\+?[\d\s().-]{6,32}$/, 'invalid_phone'),
  ),
  email: blankIsNull(z.string().trim().toLowerCase().email().max(254)),
});
export type LocationDetailsForm = z.input<typeof locationDetailsForm>;
/** PUT /api/nine/locations/:id: the fields that change, and the version the person edited. */
export const locationUpdate = locationDetailsForm.partial().extend({ version: positiveId });
export type LocationUpdate = z.input<typeof locationUpdate>;

/** The fields of PUT /api/nine/general-settings, section by section; each section saves only its own. */
export const regionalForm = z.object({
  /** Stored on the location (locations.time_zone), versioned with the general settings. */
  time_zone: timeZone,
  currency_symbol: z.string().trim().min(1).max(8),
  calendar_date_time_format: z.string().trim().min(1).max(40),
  calendar_time_intervals: z.number().int().min(1).max(24),
  language: z.enum(LANGUAGES),
});
export type RegionalForm = z.input<typeof regionalForm>;

export const paymentSettingsForm = z.object({
  allow_staff_credit_card_entry: z.boolean(),
  has_pay_and_balance_forward: z.boolean(),
  confirm_change_return: z.boolean(),
});
export type PaymentSettingsForm = z.input<typeof paymentSettingsForm>;

export const registerSettingsForm = z.object({
  multi_register: z.boolean(),
  /** An active register of the location, or none (then the one open register takes the cash). */
  current_cash_register: positiveId.nullable(),
});
export type RegisterSettingsForm = z.input<typeof registerSettingsForm>;

/** Most copies of a receipt printed by itself after a payment (the customer's, the shop's, one spare). */
export const MAX_RECEIPT_COPIES = 3;
/**
 * general_settings.print_setup: how the location's counters print. Each key is read by the print path
 * (web app/pages/payment-panels-page.tsx): after a payment, its receipt prints by itself, that many times.
 * Absent keys are the defaults (off, one copy). The paper width is the counter PC's own (Agent settings).
 */
export const printSetup = z.object({
  auto_print_receipt: z.boolean().optional(),
  receipt_copies: z.number().int().min(1).max(MAX_RECEIPT_COPIES).optional(),
});
export type PrintSetup = z.infer<typeof printSetup>;

/** A location's own auto-logout, in minutes; the access policy's is the longest (0 follows the policy). */
export const MAX_AUTO_LOGOUT_MINUTES = 1440;

export const otherSettingsForm = z
  .object({
    order_print_header: printHeader,
    invoice_print_header: printHeader,
    sale_order_print_header: printHeader,
    tax_comment: blankIsNull(z.string().trim().max(500)),
    store_open: clock,
    store_close: clock,
    print_setup: printSetup.strict(),
    auto_logout_minutes: z.number().int().min(0).max(MAX_AUTO_LOGOUT_MINUTES),
  })
  .refine((s) => s.store_open < s.store_close, { path: ['store_close'], message: 'not_after_open' });
export type OtherSettingsForm = z.input<typeof otherSettingsForm>;

export const generalSettingsUpdate = regionalForm
  .extend(paymentSettingsForm.shape)
  .extend(registerSettingsForm.shape)
  .extend(otherSettingsForm.shape)
  .partial()
  .extend({
    /** Another location the caller may change the settings of; the request's location by default. */
    location_id: positiveId.optional(),
    version: positiveId,
  })
  .refine((s) => s.store_open === undefined || s.store_close === undefined || s.store_open < s.store_close, {
    path: ['store_close'],
    message: 'not_after_open',
  });
export type GeneralSettingsUpdate = z.input<typeof generalSettingsUpdate>;

/** A register as the Location settings list shows it, retired ones included. */
export const cashRegisterForm = z.object({
  name: z.string().trim().min(1).max(60),
  header_title: blankIsNull(z.string().trim().max(200)),
  default_terminal: blankIsNull(z.string().trim().max(100)),
});
export type CashRegisterForm = z.input<typeof cashRegisterForm>;
/** POST /api/nine/cash-registers. */
export const cashRegisterCreate = cashRegisterForm.extend({ location_id: positiveId.optional() });
export type CashRegisterCreate = z.input<typeof cashRegisterCreate>;
/** PUT /api/nine/cash-registers/:id; deactivating a register with an open session is refused (1620). */
export const cashRegisterUpdate = cashRegisterForm
  .partial()
  .extend({ version: positiveId, is_active: z.boolean().optional() });
export type CashRegisterUpdate = z.input<typeof cashRegisterUpdate>;

/** GET /api/nine/cash-registers: another location's (with a role there), and retired ones on request. */
export const cashRegisterListQuery = z.object({
  location_id: z.coerce.number().int().positive().optional(),
  include_inactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
