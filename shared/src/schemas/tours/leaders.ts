import { z } from 'zod';
import { pageQuery } from '../page.ts';
import { tourColor } from './settings.ts';

// Tour leaders (issue #19): staff users who lead departures, with skills that expire, weekly hours on the
// location's wall clock ("HH:MM", weekday 0 = Sunday) and days off (both days included).

const version = z.number().int().min(1);
const userId = z.number().int().positive().max(2_147_483_647);
// Years a shop means; year 0 passes z.iso.date() but not PostgreSQL.
const isoDay = z.iso.date().refine((day) => {
  const year = Number(day.slice(0, 4));
  return year >= 1900 && year <= 2200;
}, 'out_of_range');
/** A day a form may leave empty: "" is none. */
const optionalDay = z
  .union([isoDay, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);
/** A text a form may leave empty: blank is none. */
const optionalText = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => v || null);
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid_time' });
/** A range's end: "24:00" is the midnight ending the day (PostgreSQL's time holds 24:00:00). */
const endTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: 'invalid_time' });
/** A weekly range's end meaning "until midnight". */
export const END_OF_DAY = '24:00';

/** A skill within this many days of its expiry is flagged (badge, list column). */
export const SKILL_EXPIRY_WARNING_DAYS = 30;

/** GET /api/nine/tours/leaders */
export const leaderListQuery = pageQuery({
  sort: { fields: ['name', 'email', 'next_expiry', 'created_at'], default: 'name' },
}).extend({
  search: z.string().trim().max(100).optional(),
  active: z.enum(['active', 'inactive', 'all']).default('active'),
  /** Only leaders with a skill expiring within this many days (expired ones included). */
  expiring_within_days: z.coerce.number().int().min(0).max(366).optional(),
});
export type LeaderListQuery = z.input<typeof leaderListQuery>;

export const leaderRow = z.object({
  id: z.number(),
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  color: tourColor, // one of the group palettes
  active: z.boolean(),
  skills: z.number(),
  /** Skills expired or expiring within SKILL_EXPIRY_WARNING_DAYS (or the filter's days). */
  skills_expiring: z.number(),
  /** The soonest expiry of any skill ("YYYY-MM-DD"). */
  next_expiry: z.string().nullable(),
  version: z.number(),
});
export type LeaderRow = z.infer<typeof leaderRow>;

/** GET /api/nine/tours/leader-candidates */
export const leaderCandidatesQuery = z.object({ search: z.string().trim().max(100).optional() });
export const leaderCandidate = z.object({ user_id: z.number(), name: z.string(), email: z.string() });
export type LeaderCandidate = z.infer<typeof leaderCandidate>;

/** POST /api/nine/tours/leaders */
export const leaderCreate = z.object({ user_id: userId });
export type LeaderCreate = z.infer<typeof leaderCreate>;
/** The add dialog's field: the chosen candidate's id as its select gives it. */
export const leaderCreateForm = z.object({
  user_id: z.string().regex(/^\d{1,10}$/, { message: 'required' }),
});

const profileFields = {
  phone: optionalText(40),
  bio: optionalText(2000),
  color: tourColor, // one of the group palettes
  active: z.boolean(),
};
/** The profile form's fields. */
export const leaderProfileForm = z.object(profileFields);
/** PATCH /api/nine/tours/leaders/:id: the profile as edited, with the version read. */
export const leaderUpdate = z.object({ version, ...profileFields });
export type LeaderUpdate = z.input<typeof leaderUpdate>;

const weekday = z.number().int().min(0).max(6);
const startsBeforeEnds = (r: { starts: string; ends: string }) => r.starts < r.ends;
const endsRule = { path: ['ends'], message: 'ends_before_starts' };
export const weeklyRange = z
  .object({ weekday, starts: clockTime, ends: endTime })
  .refine(startsBeforeEnds, endsRule);
export type WeeklyRangeInput = z.infer<typeof weeklyRange>;

const overlaps = (a: { starts: string; ends: string }, b: { starts: string; ends: string }) =>
  a.starts < b.ends && b.starts < a.ends;
/** Ranges of one weekday never overlap (the database refuses it too). */
const noOverlap = (ranges: WeeklyRangeInput[], ctx: z.RefinementCtx) =>
  ranges.forEach((range, i) => {
    const clash = ranges.findIndex(
      (other, j) => j < i && other.weekday === range.weekday && overlaps(other, range),
    );
    if (clash >= 0) ctx.addIssue({ code: 'custom', path: [i, 'starts'], message: 'overlap' });
  });

/** The whole week. */
export const weeklyHours = z.array(weeklyRange).max(70).superRefine(noOverlap);
/**
 * The week form's values. A time input cannot hold 24:00, so an end of 00:00 there is the midnight ending
 * the day: the form hands over "24:00".
 */
export const leaderHoursForm = z.object({
  hours: z
    .array(
      z
        .object({
          weekday,
          starts: clockTime,
          ends: clockTime.transform((v) => (v === '00:00' ? END_OF_DAY : v)),
        })
        .refine(startsBeforeEnds, endsRule),
    )
    .max(70)
    .superRefine(noOverlap),
});
/** PUT /api/nine/tours/leaders/:id/hours */
export const leaderHoursUpdate = z.object({ version, hours: weeklyHours });
export type LeaderHoursUpdate = z.infer<typeof leaderHoursUpdate>;

const skillFields = {
  name: z.string().trim().min(1).max(80),
  reference: optionalText(80),
  issued_on: optionalDay,
  expires_on: optionalDay,
};
const issuedBeforeExpiry = (s: { issued_on: string | null; expires_on: string | null }) =>
  !s.issued_on || !s.expires_on || s.issued_on <= s.expires_on;
const expiryRule = { path: ['expires_on'], message: 'expires_before_issued' };
/** The skill dialog's fields and POST /api/nine/tours/leaders/:id/skills. */
export const leaderSkillInput = z.object(skillFields).refine(issuedBeforeExpiry, expiryRule);
export type LeaderSkillInput = z.input<typeof leaderSkillInput>;
/** PATCH /api/nine/tours/leaders/:id/skills/:skillId */
export const leaderSkillUpdate = z.object({ version, ...skillFields }).refine(issuedBeforeExpiry, expiryRule);
export type LeaderSkillUpdate = z.input<typeof leaderSkillUpdate>;

export const leaderSkill = z.object({
  id: z.number(),
  name: z.string(),
  reference: z.string().nullable(),
  issued_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  version: z.number(),
});
export type LeaderSkill = z.infer<typeof leaderSkill>;

const dayOffFields = { first_day: isoDay, last_day: isoDay, reason: optionalText(200) };
const firstBeforeLast = (d: { first_day: string; last_day: string }) => d.first_day <= d.last_day;
const lastDayRule = { path: ['last_day'], message: 'ends_before_starts' };
/** The days-off dialog's fields. */
export const leaderDaysOffForm = z.object(dayOffFields).refine(firstBeforeLast, lastDayRule);
/**
 * POST /api/nine/tours/leaders/:id/days-off. Days off over departures the leader is assigned to are refused
 * with 1205 listing them, unless `acknowledge` (the leader stays assigned: someone must replace them).
 */
export const leaderDaysOffCreate = z
  .object({ ...dayOffFields, acknowledge: z.boolean().default(false) })
  .refine(firstBeforeLast, lastDayRule);
export type LeaderDaysOffCreate = z.input<typeof leaderDaysOffCreate>;

export const leaderDaysOff = z.object({
  id: z.number(),
  first_day: z.string(),
  last_day: z.string(),
  reason: z.string().nullable(),
});
export type LeaderDaysOff = z.infer<typeof leaderDaysOff>;

/** One departure a leader is assigned to. */
export const leaderEventRow = z.object({
  event_id: z.number(),
  definition_id: z.number(),
  definition_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.string(),
  released: z.boolean(),
});
export type LeaderEventRow = z.infer<typeof leaderEventRow>;

/**
 * The 1205 answer's data when days off cover future departures the leader is assigned to: the first 50 of
 * this location's (`events`), how many there are here in all, and how many at other locations (unnamed).
 */
export const daysOffWarning = z.object({
  warnings: z.array(z.literal('assigned_events')),
  events: z.array(leaderEventRow),
  total: z.number().int(),
  other_locations: z.number().int(),
});
export type DaysOffWarning = z.infer<typeof daysOffWarning>;

export const leaderDetail = leaderRow
  .omit({ skills: true, skills_expiring: true, next_expiry: true })
  .extend({
    bio: z.string().nullable(),
    /** The request's location's zone, which the hours per month are counted in. */
    time_zone: z.string(),
    skills: z.array(leaderSkill),
    hours: z.array(z.object({ weekday: z.number(), starts: z.string(), ends: z.string() })),
    days_off: z.array(leaderDaysOff),
    /** The last 12 months, oldest first ("YYYY-MM"), hours of departures started by now and not cancelled. */
    hours_per_month: z.array(z.object({ month: z.string(), hours: z.number() })),
    next_events: z.array(leaderEventRow),
  });
export type LeaderDetail = z.infer<typeof leaderDetail>;

/** GET /api/nine/tours/leaders/:id/events */
export const leaderEventsQuery = pageQuery().extend({ from: isoDay.optional(), to: isoDay.optional() });
export type LeaderEventsQuery = z.input<typeof leaderEventsQuery>;
