import { z } from 'zod';

// The business calendar of a location (issue #18): opening hours per weekday and special days.
// Times are the location's wall clock "HH:MM"; weekday 0 = Sunday … 6 = Saturday.

const locationId = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number().int().min(1);
// Years a shop's calendar can mean; year 0 passes z.iso.date() but not PostgreSQL, and years below 100
// would be read as 19xx by Date.UTC.
const isoDay = z.iso.date().refine((day) => {
  const year = Number(day.slice(0, 4));
  return year >= 1900 && year <= 2200;
}, 'out_of_range');

/** A wall-clock time, "HH:MM" (what a time input gives). */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid_time' });
/** A time a form may leave empty: "" is none. */
const optionalTime = z
  .union([clockTime, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);

const opensBeforeCloses = { path: ['closes'], message: 'closes_before_opens' };

export const weekdayHours = z
  .object({
    weekday: z.number().int().min(0).max(6),
    closed: z.boolean(),
    opens: clockTime,
    closes: clockTime,
    /** The row's version as read; a weekday never saved reads as version 1. */
    version,
  })
  .refine((d) => d.closed || d.opens < d.closes, opensBeforeCloses);
export type WeekdayHours = z.infer<typeof weekdayHours>;

/** PUT /api/nine/business-hours: the whole week of a location, saved at once (each day keeps its version). */
export const businessHoursUpdate = z.object({
  location_id: locationId,
  days: z
    .array(weekdayHours)
    .length(7)
    .refine((days) => days.every((d, i) => d.weekday === i), { message: 'one_row_per_weekday' }),
});
export type BusinessHoursUpdate = z.infer<typeof businessHoursUpdate>;
/** The week's form: the days of businessHoursUpdate (the location is the section's). */
export const businessHoursForm = businessHoursUpdate.pick({ days: true });

const specialDayFields = {
  day: isoDay,
  /** A holiday; an open special day names its hours. */
  closed: z.boolean(),
  opens: optionalTime,
  closes: optionalTime,
  note: z.string().trim().max(200).default(''),
};
type SpecialDayHours = { closed: boolean; opens: string | null; closes: string | null };
const hoursIfOpen = (d: SpecialDayHours) => d.closed || (!!d.opens && !!d.closes && d.opens < d.closes);

/** The special-day dialog's fields (the create adds the location, the edit the version read). */
export const specialDayForm = z.object(specialDayFields).refine(hoursIfOpen, opensBeforeCloses);

/** POST /api/nine/special-days. */
export const specialDayCreate = z
  .object({ location_id: locationId, ...specialDayFields })
  .refine(hoursIfOpen, opensBeforeCloses);
export type SpecialDayCreate = z.infer<typeof specialDayCreate>;

/** PUT /api/nine/special-days/:id: the day as edited, with the version read. */
export const specialDayUpdate = z
  .object({ version, ...specialDayFields })
  .refine(hoursIfOpen, opensBeforeCloses);
export type SpecialDayUpdate = z.infer<typeof specialDayUpdate>;

export const specialDay = z.object({
  id: z.number(),
  location_id: z.number(),
  day: z.string(),
  closed: z.boolean(),
  opens: z.string().nullable(),
  closes: z.string().nullable(),
  note: z.string(),
  version: z.number(),
});
export type SpecialDay = z.infer<typeof specialDay>;

/** The longest range of special days one answer lists (the settings section lists today on). */
export const BUSINESS_CALENDAR_MAX_DAYS = 3660;

/** GET /api/nine/business-calendar: a location's week and its special days from `from` to `to` (both included). */
export const businessCalendarQuery = z
  .object({ location_id: locationId, from: isoDay, to: isoDay })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'must not be before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= BUSINESS_CALENDAR_MAX_DAYS * 86_400_000, {
    path: ['to'],
    message: 'at most ten years',
  });

export const businessCalendar = z.object({
  location_id: z.number(),
  time_zone: z.string(),
  /** Seven rows by weekday; `saved` false: the location's single daily hours (store_open/store_close). */
  hours: z.array(
    z.object({
      weekday: z.number(),
      closed: z.boolean(),
      opens: z.string(),
      closes: z.string(),
      version: z.number(),
      saved: z.boolean(),
    }),
  ),
  special_days: z.array(specialDay),
});
export type BusinessCalendar = z.infer<typeof businessCalendar>;
