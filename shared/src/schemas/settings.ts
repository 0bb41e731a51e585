import { z } from 'zod';
import { DEFAULT_RENTAL_TYPE_ID, LANGUAGES } from '../constants.ts';
import { invoiceTimings } from '../invoice-timing.ts';
import { printSetup } from './location-settings.ts';

// Answers of the settings routes (server/src/modules/settings); the web settings api files import the types.

/** Spec section 3 "Activity settings", per location and rental type (1 by default). */
export const activitySettings = z.object({
  location_id: z.number(),
  rental_type_id: z.number(),
  enforce_using_rental_periods: z.boolean(),
  deliver_unpaid_orders: z.enum(['warn', 'allow', 'deny']),
  warn_early_deliver_minutes: z.number().int(),
  warn_early_return_minutes: z.number().int(),
  allow_exchange_package_items: z.boolean(),
  close_sale_order: z.enum(['manual', 'on_full_payment']),
  /** Closing an order while a deposit is still held: ask to acknowledge (1205) or refuse (1254). */
  close_with_deposit_held: z.enum(['warn', 'deny']),
  /** Closing an order while a balance is still due. */
  close_with_balance_due: z.enum(['allow', 'warn', 'deny']),
  special_pricing: z.boolean(),
  allow_change_plan_start_after_deliver: z.boolean(),
  allow_undo_deliver: z.boolean(),
  adjust_plan_to_business_hours: z.boolean(),
  simultaneous_replace_and_deliver: z.boolean(),
  manual_invoice_time: z.enum(invoiceTimings),
  assign_and_deliver: z.boolean(),
  show_category_image_in_admin_pannel: z.boolean(),
  is_recurring_enabled: z.boolean(),
  is_migration_in_progress: z.boolean(),
  /** The row's version, for the next save; 1 (and no updated_at) while the location has never saved any. */
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type ActivitySettings = z.infer<typeof activitySettings>;

/** The most minutes an early delivery or return warning looks ahead: a week. */
export const MAX_EARLY_WARNING_MINUTES = 7 * 24 * 60;
const earlyWarningMinutes = z.number().int().min(0).max(MAX_EARLY_WARNING_MINUTES);

/**
 * The activity switches a person may change: each one the server acts on (order events, payments,
 * invoicing, recurring billing, the category list, order creation, planned periods, changing an order's
 * period). The stored switches no code acts on yet (rental periods, special pricing, package exchange,
 * assign and deliver) stay out until their feature exists.
 */
export const activitySettingsForm = z.object({
  deliver_unpaid_orders: z.enum(['warn', 'allow', 'deny']),
  warn_early_deliver_minutes: earlyWarningMinutes,
  warn_early_return_minutes: earlyWarningMinutes,
  allow_undo_deliver: z.boolean(),
  adjust_plan_to_business_hours: z.boolean(),
  /** Change period (orders/order-period.ts): the planned start may still move once an item has left. */
  allow_change_plan_start_after_deliver: z.boolean(),
  /** Replace item (orders/order-items.ts): a delivered line's item is swapped, the old one back, the new one out. */
  simultaneous_replace_and_deliver: z.boolean(),
  close_with_deposit_held: z.enum(['warn', 'deny']),
  close_with_balance_due: z.enum(['allow', 'warn', 'deny']),
  close_sale_order: z.enum(['manual', 'on_full_payment']),
  manual_invoice_time: z.enum(invoiceTimings),
  is_recurring_enabled: z.boolean(),
  show_category_image_in_admin_pannel: z.boolean(),
  is_migration_in_progress: z.boolean(),
});
export type ActivitySettingsForm = z.infer<typeof activitySettingsForm>;

/**
 * Switches read for the whole location from its default rental type's row: sale orders have no rental type
 * (close_sale_order) and the category list belongs to none. Another rental type's row cannot hold them.
 */
export const locationWideActivitySwitches = [
  'close_sale_order',
  'show_category_image_in_admin_pannel',
] as const satisfies readonly (keyof ActivitySettingsForm)[];

/**
 * PUT /api/nine/activity-settings: the switches to change for one location (the request's by default) and
 * rental type; a switch left out keeps its value. `version` is the one the person edited (409 when stale).
 */
export const activitySettingsUpdate = activitySettingsForm
  .partial()
  .extend({
    location_id: z.number().int().positive().max(2_147_483_647).optional(),
    rental_type_id: z.number().int().positive().max(2_147_483_647),
    version: z.number().int().min(1).max(2_147_483_647),
  })
  .superRefine((input, ctx) => {
    if (input.rental_type_id === DEFAULT_RENTAL_TYPE_ID) return;
    for (const field of locationWideActivitySwitches)
      if (input[field] !== undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'default_rental_type_only' });
  });
export type ActivitySettingsUpdate = z.infer<typeof activitySettingsUpdate>;

/** A rental type (Rentals, Tours…): its activity settings are kept apart. */
export const rentalType = z.object({ id: z.number(), name: z.string() });
export type RentalType = z.infer<typeof rentalType>;

/** Spec section 3 "Location activity settings", for the request's location. */
export const locationActivitySettings = z.object({
  location_id: z.number(),
  rental_type_id: z.number(),
  delivery_availability: z.boolean(),
});
export type LocationActivitySettings = z.infer<typeof locationActivitySettings>;

/** Spec section 3 "General settings", for the location the request works in. */
export const generalSettings = z.object({
  location_id: z.number(),
  /** 1 with the defaults while the location has no saved row. */
  version: z.number(),
  /** The location's IANA time zone (locations.time_zone), saved with these settings. */
  time_zone: z.string(),
  /** The default language of the location's screens and prints. */
  language: z.enum(LANGUAGES),
  allow_staff_credit_card_entry: z.boolean(),
  app_version: z.string(),
  current_cash_register: z.number().nullable(),
  calendar_date_time_format: z.string(),
  is_tax_included: z.boolean(),
  show_taxes_mode: z.string(),
  confirm_change_return: z.boolean(),
  has_pay_and_balance_forward: z.boolean(),
  print_setup: printSetup,
  tax_comment: z.string().nullable(),
  calendar_time_intervals: z.number().int(),
  invoice_print_header: z.string().nullable(),
  order_print_header: z.string().nullable(),
  sale_order_print_header: z.string().nullable(),
  /**
   * Minutes without activity before the session ends here; 0 turns it off: the access policy's, or the
   * location's own when shorter.
   */
  auto_logout_inactive_users_timeout: z.number().int(),
  /** The location's own timeout as saved (0 follows the policy). */
  auto_logout_minutes: z.number().int(),
  /** The access policy's timeout, the longest a location may have (0: none business-wide). */
  policy_auto_logout_minutes: z.number().int(),
  multi_register: z.boolean(),
  used_in_store: z.boolean(),
  currency_symbol: z.string(),
  /** ISO 4217 code of the location's currency (receipts format amounts with it). */
  currency_code: z.string(),
  /** HH:MM. */
  store_open: z.string().nullable(),
  store_close: z.string().nullable(),
});
export type GeneralSettings = z.infer<typeof generalSettings>;

/** Spec section 3 "Business info"; address, e-mail and phone are the location's own when it has them. */
export const businessInfo = z.object({
  accept_external_payments: z.boolean(),
  add_adhoc_to_order: z.boolean(),
  site_title: z.string().nullable(),
  site_logo: z.string().nullable(),
  invoice_logo: z.string().nullable(),
  site_url: z.string().nullable(),
  address: z.string().nullable(),
  sale_order_default_customer: z.string().nullable(),
  email: z.string().nullable(),
  tel: z.string().nullable(),
  url: z.string().nullable(),
  url_prefix: z.string().nullable(),
  zip_code: z.string().nullable(),
  tour_is_enabled: z.boolean(),
  process_external_refunds: z.boolean(),
  sms_is_enabled: z.boolean(),
  suspension_alert: z.string().nullable(),
  version: z.number(),
  /** The customer a quick sale without one is made for; null is the anonymous walk-in customer. */
  sale_default_customer_id: z.number().nullable(),
  sale_default_customer_name: z.string().nullable(),
  /** The business's own address, zip, e-mail and phone, before a location's own replace them. */
  business_contact: z.object({
    address: z.string().nullable(),
    zip_code: z.string().nullable(),
    email: z.string().nullable(),
    tel: z.string().nullable(),
  }),
});
export type BusinessInfo = z.infer<typeof businessInfo>;

/** A counter PC registered as a kiosk at the location, revoked ones included (newest first). */
export const kioskDeviceRow = z.object({
  id: z.number(),
  device_id: z.string().nullable(),
  name: z.string(),
  /** The first 16 hex digits of the SHA-256 of its public key; null for a registration from before keys. */
  key_fingerprint: z.string().nullable(),
  registered_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type KioskDeviceRow = z.infer<typeof kioskDeviceRow>;

/** A single-use challenge for the agent to sign, bound to this user and location; it expires in two minutes. */
export const kioskChallenge = z.object({
  challenge_id: z.string(),
  challenge: z.string(),
  location_id: z.number(),
  expires_at: z.string(),
});
export type KioskChallenge = z.infer<typeof kioskChallenge>;

/** POST /api/nine/set-as-kiosk: the location's kiosk mode, and the PC registered (null without a device). */
export const kioskResult = z.object({
  location_id: z.number(),
  used_in_store: z.boolean(),
  kiosk_device_id: z.number().nullable().optional(),
});
export type KioskResult = z.infer<typeof kioskResult>;

export const kioskRevoked = z.object({ id: z.number(), revoked_at: z.string() });
export type KioskRevoked = z.infer<typeof kioskRevoked>;

/** Removing a row of a settings list names the version the screen showed: a stale one is refused (409). */
export const settingsDeleteQuery = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
