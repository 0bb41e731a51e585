import { z } from 'zod';
import { amountMinor } from '../money.ts';
import { clockTime } from './business-calendar.ts';

// Delivery settings of a location (issue #18): zones by zip code with a fee, time windows per weekday with
// a capacity, and whether each rental type delivers. Times are the location's wall clock "HH:MM";
// weekday 0 = Sunday … 6 = Saturday.

const locationId = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number().int().min(1);

/** One zip code as stored: upper case, no spaces ("sw1a 1aa" is "SW1A1AA"). */
export function normaliseZip(zip: string): string {
  return zip.replace(/\s+/g, '').toUpperCase();
}

const ZIP = /^[A-Z0-9-]{1,12}$/;
const splitZips = (text: string) => [
  ...new Set(
    text
      .split(/[,;\n]+/)
      .map(normaliseZip)
      .filter(Boolean),
  ),
];

/**
 * Zip codes as a person types them, separated by commas, semicolons or new lines (a space inside a code is
 * dropped): normalised, duplicates removed, 1 to 500. Checked on the text, so a refusal is the field's.
 */
export const zipCodeList = z
  .string()
  .max(10_000)
  .refine((text) => splitZips(text).length > 0, { message: 'required' })
  .refine((text) => splitZips(text).every((zip) => ZIP.test(zip)), { message: 'invalid_zip' })
  .refine((text) => splitZips(text).length <= 500, { message: 'too_long' })
  .transform(splitZips);

/** The API's zip codes: the typed text, or a list (what the form's parsed value is). */
const zipCodes = z
  .union([
    z.string(),
    z
      .array(z.string().max(20))
      .max(500)
      .transform((list) => list.join(',')),
  ])
  .pipe(zipCodeList);

const zoneFields = {
  name: z.string().trim().min(1).max(100),
  zip_codes: zipCodes,
  fee_minor: amountMinor,
  min_order_minor: amountMinor,
  is_active: z.boolean(),
};

/** The zone dialog's fields: the zip codes are one text field. */
export const deliveryZoneForm = z.object({ ...zoneFields, zip_codes: zipCodeList });
/** POST /api/nine/delivery-zones. */
export const deliveryZoneCreate = z.object({ location_id: locationId, ...zoneFields });
export type DeliveryZoneCreate = z.input<typeof deliveryZoneCreate>;
/** PUT /api/nine/delivery-zones/:id: the zone as edited, with the version read. */
export const deliveryZoneUpdate = z.object({ version, ...zoneFields });
export type DeliveryZoneUpdate = z.input<typeof deliveryZoneUpdate>;

export const deliveryZone = z.object({
  id: z.number(),
  location_id: z.number(),
  name: z.string(),
  zip_codes: z.array(z.string()),
  fee_minor: z.number(),
  min_order_minor: z.number(),
  is_active: z.boolean(),
  version: z.number(),
});
export type DeliveryZone = z.infer<typeof deliveryZone>;

const startsBeforeEnds = { path: ['ends'], message: 'ends_before_starts' };
const windowFields = {
  weekday: z.number().int().min(0).max(6),
  starts: clockTime,
  ends: clockTime,
  /** The most deliveries in the window on one date; null: no limit. */
  capacity: z.number().int().min(1).max(10_000).nullable(),
};
const startsFirst = (w: { starts: string; ends: string }) => w.starts < w.ends;

/** The window dialog's fields: the weekday comes from a select, as text. */
export const deliveryWindowForm = z
  .object({
    ...windowFields,
    weekday: z
      .string()
      .regex(/^[0-6]$/)
      .transform(Number),
  })
  .refine(startsFirst, startsBeforeEnds);
/** POST /api/nine/delivery-windows. */
export const deliveryWindowCreate = z
  .object({ location_id: locationId, ...windowFields })
  .refine(startsFirst, startsBeforeEnds);
export type DeliveryWindowCreate = z.infer<typeof deliveryWindowCreate>;
/** PUT /api/nine/delivery-windows/:id. */
export const deliveryWindowUpdate = z
  .object({ version, ...windowFields })
  .refine(startsFirst, startsBeforeEnds);
export type DeliveryWindowUpdate = z.infer<typeof deliveryWindowUpdate>;

export const deliveryWindow = z.object({
  id: z.number(),
  location_id: z.number(),
  weekday: z.number(),
  /** "HH:MM". */
  starts: z.string(),
  ends: z.string(),
  capacity: z.number().nullable(),
  version: z.number(),
});
export type DeliveryWindow = z.infer<typeof deliveryWindow>;

/** Whether a rental type delivers at the location (location_activity_settings.delivery_availability). */
export const deliveryAvailability = z.object({
  rental_type_id: z.number(),
  name: z.string(),
  delivers: z.boolean(),
  /** The row's version; a rental type never saved reads as version 1. */
  version: z.number(),
});
export type DeliveryAvailability = z.infer<typeof deliveryAvailability>;

/** PUT /api/nine/delivery-availability: one rental type's switch. */
export const deliveryAvailabilityUpdate = z.object({
  location_id: locationId,
  rental_type_id: z.number().int().positive().max(2_147_483_647),
  delivers: z.boolean(),
  version,
});
export type DeliveryAvailabilityUpdate = z.infer<typeof deliveryAvailabilityUpdate>;

export const deliverySettingsQuery = z.object({ location_id: locationId });

/** GET /api/nine/delivery-settings. */
export const deliverySettings = z.object({
  location_id: z.number(),
  time_zone: z.string(),
  /** The location's currency symbol, for the fees shown. */
  currency_symbol: z.string(),
  zones: z.array(deliveryZone),
  windows: z.array(deliveryWindow),
  availability: z.array(deliveryAvailability),
});
export type DeliverySettings = z.infer<typeof deliverySettings>;
