import { z } from 'zod';
import { DEFAULT_RENTAL_TYPE_ID } from '../constants.ts';
import { printHeader } from './location-settings.ts';
import { activitySettingsForm } from './settings.ts';

// Product-line settings (spec section 9 levels): the business's default per line (DSL, screens
// business-{rent,sale,tour}) and a location's overrides (CPL, screens location-{rent,sale,tour}). Each
// setting is the activity or general settings column that holds the value enforced (CVL).

export const PRODUCT_LINES = ['rent', 'sale', 'tour'] as const;
export type ProductLine = (typeof PRODUCT_LINES)[number];

/** The Tours rental type (docs/design/tours.md): tour orders read its activity rows. */
export const TOUR_RENTAL_TYPE_ID = 2;

/**
 * The activity settings row each line's switches land in: sale orders have no rental type and read the
 * default one's row, so the sale line's switches share it with the rent line (each column in one line).
 */
export const lineRentalType: Record<ProductLine, number> = {
  rent: DEFAULT_RENTAL_TYPE_ID,
  sale: DEFAULT_RENTAL_TYPE_ID,
  tour: TOUR_RENTAL_TYPE_ID,
};

/** The value schema of every product-line setting: the activity switches people may change, print headers. */
const settingSchemas = {
  ...activitySettingsForm.shape,
  order_print_header: printHeader,
  sale_order_print_header: printHeader,
};
export type LineSetting = keyof typeof settingSchemas;

/** Settings kept in general_settings (per location, not per rental type); the rest are activity settings. */
export const GENERAL_LINE_SETTINGS = ['order_print_header', 'sale_order_print_header'] as const;
export type GeneralLineSetting = (typeof GENERAL_LINE_SETTINGS)[number];
export const isGeneralSetting = (setting: LineSetting): setting is GeneralLineSetting =>
  (GENERAL_LINE_SETTINGS as readonly string[]).includes(setting);

/**
 * The settings of each line, in screen order. A column of the default rental type's row belongs to one line
 * only: the switches sale orders obey (close, deliver unpaid, invoice time) are the sale line's, the rest the
 * rent line's. The tour line has the Tours row's switches but the location-wide ones (default type only).
 * Keep in step with migration 0037 (overrides of existing values).
 */
export const LINE_SETTINGS = {
  rent: [
    'warn_early_deliver_minutes',
    'warn_early_return_minutes',
    'allow_undo_deliver',
    'adjust_plan_to_business_hours',
    'close_with_balance_due',
    'close_with_deposit_held',
    'is_recurring_enabled',
    'show_category_image_in_admin_pannel',
    'is_migration_in_progress',
    'order_print_header',
  ],
  sale: ['close_sale_order', 'deliver_unpaid_orders', 'manual_invoice_time', 'sale_order_print_header'],
  tour: [
    'deliver_unpaid_orders',
    'warn_early_deliver_minutes',
    'warn_early_return_minutes',
    'allow_undo_deliver',
    'adjust_plan_to_business_hours',
    'close_with_balance_due',
    'close_with_deposit_held',
    'manual_invoice_time',
    'is_recurring_enabled',
    'is_migration_in_progress',
  ],
} as const satisfies Record<ProductLine, readonly LineSetting[]>;

export const lineParams = z.object({ line: z.enum(PRODUCT_LINES) });

/** Values to save: any of the line's settings (the server refuses one of another line: `not_in_line`). */
export const lineValuesInput = z.object(settingSchemas).partial().strict();
export type LineValuesInput = z.input<typeof lineValuesInput>;

/** Values as answered: every setting of the line. */
export const lineValues = z
  .object({
    ...activitySettingsForm.shape,
    order_print_header: z.string().nullable(),
    sale_order_print_header: z.string().nullable(),
  })
  .partial();
export type LineValues = z.infer<typeof lineValues>;

const version = z.number().int().min(1).max(2_147_483_647);
const settingName = z.enum(Object.keys(settingSchemas) as [LineSetting, ...LineSetting[]]);

/** GET /api/nine/settings/business-lines/:line: the business's defaults of one line. */
export const businessLine = z.object({
  line: z.enum(PRODUCT_LINES),
  /** False for the tour line of a business without the Tours rental type: nothing to set. */
  available: z.boolean(),
  settings: z.array(settingName),
  /** The business's value of each setting (the built-in default where it has none). */
  values: lineValues,
  /** How many locations override each setting (settings no location overrides are left out). */
  overridden: z.record(z.string(), z.number().int()),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type BusinessLine = z.infer<typeof businessLine>;

/** PUT /api/nine/settings/business-lines/:line: the defaults to set, and the version the person edited. */
export const businessLineUpdate = z.object({ version, values: lineValuesInput });
export type BusinessLineUpdate = z.input<typeof businessLineUpdate>;

/** GET /api/nine/settings/location-lines/:line: one location's values of a line and where each comes from. */
export const locationLine = z.object({
  line: z.enum(PRODUCT_LINES),
  location_id: z.number().int(),
  available: z.boolean(),
  settings: z.array(settingName),
  /** The values the location works by (CVL). */
  values: lineValues,
  /** The business's default of each setting (or the built-in one), which a reset brings back. */
  defaults: lineValues,
  /** The settings whose value is the location's own. */
  overrides: z.array(settingName),
  /** A fingerprint of what the screen shows: values, defaults and overrides. */
  version: z.number().int(),
});
export type LocationLine = z.infer<typeof locationLine>;

/**
 * PUT /api/nine/settings/location-lines/:line: `values` become the location's own (overridden); `reset`
 * settings follow the business default again. `location_id` defaults to the request's location.
 */
export const locationLineUpdate = z.object({
  location_id: z.number().int().positive().max(2_147_483_647).optional(),
  version,
  values: lineValuesInput.default({}),
  reset: z.array(settingName).max(32).default([]),
});
export type LocationLineUpdate = z.input<typeof locationLineUpdate>;

export const locationLineQuery = z.object({
  location_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
