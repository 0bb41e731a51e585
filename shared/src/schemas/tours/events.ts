import { z } from 'zod';
import { tourEventStatuses } from '../../tour-event-status.ts';
import { clockTime } from '../business-calendar.ts';
import { pageQuery } from '../page.ts';

// Tour events (issue #19): scheduled departures of a tour definition, one-off or from a recurring series.
// Instants are ISO 8601 with an offset; days ("YYYY-MM-DD") and times ("HH:MM") are the location's wall clock.

const intId = z.coerce.number().int().positive().max(2_147_483_647);
const version = z.number().int().min(1);
// Years a schedule can mean: year 0 passes z.iso.date() but not PostgreSQL, and year 9999 overflows the
// local-time arithmetic of leader hours.
const YEAR_MIN = 2000;
const YEAR_MAX = 2100;
const instant = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= YEAR_MIN && year <= YEAR_MAX;
}, 'out_of_range');
const isoDay = z.iso.date().refine((day) => {
  const year = Number(day.slice(0, 4));
  return year >= YEAR_MIN && year <= YEAR_MAX;
}, 'out_of_range');
const queryBool = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
const DAY_MS = 86_400_000;

export const tourEventStatus = z.enum(tourEventStatuses);

/** The longest window the calendar answers at once (a month view with its leading and trailing weeks). */
export const CALENDAR_MAX_DAYS = 62;
/** The most events one series may make. */
export const SERIES_MAX_OCCURRENCES = 500;
/** The longest a series may run: last_day at most this many days after first_day. */
export const SERIES_MAX_DAYS = 731;

const participantBounds = {
  capacity: z.number().int().min(1).max(500),
  min_participants: z.number().int().min(1).max(500),
};
type Check<T> = [(value: T) => boolean, { path: string[]; message: string }];
const minNotAboveCapacity: Check<{ capacity?: number | null; min_participants?: number | null }> = [
  (v) => v.capacity == null || v.min_participants == null || v.min_participants <= v.capacity,
  { path: ['min_participants'], message: 'above_capacity' },
];

/** GET /api/nine/tours/events: the events of the request's location, by start. */
export const tourEventListQuery = pageQuery({
  sort: { fields: ['starts_at'], default: 'starts_at' },
}).extend({
  from: instant.optional(),
  to: instant.optional(),
  definition_id: intId.optional(),
  group_id: intId.optional(),
  status: tourEventStatus.optional(),
  leader_id: intId.optional(),
  /** Only the events the caller leads. */
  mine: queryBool,
});
export type TourEventListQuery = z.input<typeof tourEventListQuery>;

export const tourEventRow = z.object({
  id: z.number(),
  definition_id: z.number(),
  definition_name: z.string(),
  group_id: z.number().nullable(),
  group_name: z.string().nullable(),
  group_color: z.string().nullable(),
  series_id: z.number().nullable(),
  detached: z.boolean(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: tourEventStatus,
  capacity: z.number(),
  min_participants: z.number(),
  seats_taken: z.number(),
  /** Leaders assigned (not released). */
  leaders: z.number(),
  leader_names: z.array(z.string()),
  /** max(min_leaders, ceil(capacity / participants_per_leader)) of the definition. */
  leaders_needed: z.number(),
  /** The reservation (order) the departure is private to; null for a public departure. */
  private_order_id: z.number().nullable(),
  version: z.number(),
});
export type TourEventRow = z.infer<typeof tourEventRow>;

/** GET /api/nine/tours/events/calendar: every event in a window of at most 62 days, unpaged. */
export const tourEventCalendarQuery = z
  .object({
    from: instant,
    to: instant,
    group_id: intId.optional(),
    definition_id: intId.optional(),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { path: ['to'], message: 'before_from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * DAY_MS, {
    path: ['to'],
    message: 'window_too_long',
  });
export type TourEventCalendarQuery = z.input<typeof tourEventCalendarQuery>;

export const tourEventCalendarRow = z.object({
  id: z.number(),
  definition_id: z.number(),
  name: z.string(),
  group_name: z.string().nullable(),
  group_color: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: tourEventStatus,
  capacity: z.number(),
  seats_taken: z.number(),
  leaders: z.number(),
  leaders_needed: z.number(),
  version: z.number(),
});
export type TourEventCalendarRow = z.infer<typeof tourEventCalendarRow>;
export const tourEventCalendar = z.object({
  /** The location's IANA zone: the calendar shows its wall clock. */
  time_zone: z.string(),
  events: z.array(tourEventCalendarRow),
});
export type TourEventCalendar = z.infer<typeof tourEventCalendar>;

/** What the event's worst case needs of one rental product, and what is free for its period (design D8). */
export const tourEquipmentLine = z.object({
  product_id: z.number(),
  sku: z.string(),
  name: z.string(),
  needed: z.number(),
  free: z.number(),
  /** needed − free, at least 0. */
  short: z.number(),
});
export type TourEquipmentLine = z.infer<typeof tourEquipmentLine>;
/**
 * GET /api/nine/tours/definitions/:id/equipment-check: what an event of the definition starting then would
 * need, before it is made (capacity defaults to the definition's). Answers a TourEventEquipment.
 */
export const tourEquipmentCheckQuery = z.object({
  starts_at: instant,
  capacity: z.coerce.number().int().min(1).max(500).optional(),
});
export type TourEquipmentCheckQuery = z.input<typeof tourEquipmentCheckQuery>;
/** GET /api/nine/tours/events/:id/equipment: every product the event needs. */
export const tourEventEquipment = z.object({ lines: z.array(tourEquipmentLine) });
export type TourEventEquipment = z.infer<typeof tourEventEquipment>;

export const tourEventLeader = z.object({
  leader_id: z.number(),
  name: z.string(),
  color: z.string(),
});
export type TourEventLeader = z.infer<typeof tourEventLeader>;

/** GET /api/nine/tours/events/:id, and what every event write answers. */
export const tourEventDetail = tourEventRow.extend({
  definition_code: z.string(),
  duration_minutes: z.number(),
  occurrence_day: z.string().nullable(),
  status_reason: z.string().nullable(),
  note: z.string().nullable(),
  meeting_point: z
    .object({
      id: z.number(),
      name: z.string(),
      address: z.string().nullable(),
      instructions: z.string().nullable(),
    })
    .nullable(),
  time_zone: z.string(),
  leader_list: z.array(tourEventLeader),
  /** The products short for the event's worst case (a warning: the event is kept). */
  equipment_short: z.array(tourEquipmentLine),
});
export type TourEventDetail = z.infer<typeof tourEventDetail>;

/** POST /api/nine/tours/events: one event. Capacity and minimum default to the definition's, then the settings'. */
export const tourEventCreate = z
  .object({
    definition_id: intId,
    starts_at: instant,
    capacity: participantBounds.capacity.optional(),
    min_participants: participantBounds.min_participants.optional(),
    meeting_point_id: intId.nullable().optional(),
    note: z.string().trim().max(1000).nullable().optional(),
  })
  .refine(...minNotAboveCapacity);
export type TourEventCreate = z.input<typeof tourEventCreate>;

// The RRULE body the series keeps (FREQ=WEEKLY;BYDAY=TU,TH): first_day and last_day bound it and start_time
// places it. Only what a tour schedule needs (and the web builder makes) is accepted: FREQ DAILY, WEEKLY or
// MONTHLY, INTERVAL 1..52, BYDAY (an ordinal ±1..5 with MONTHLY only), BYMONTHDAY 1..31 (MONTHLY only),
// BYMONTH 1..12. Anything else (DTSTART, UNTIL, COUNT, HOURLY, BYSETPOS …) is refused, so the server's
// day-by-day expansion over the bounded window is all a rule can cost.
export const RULE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const RULE_MAX_INTERVAL = 52;
export interface TourRule {
  freq: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  interval: number;
  /** weekday 0 = Monday … 6 = Sunday; nth ±1..5 (MONTHLY), else null. */
  byDay: { weekday: number; nth: number | null }[];
  byMonthDay: number[];
  byMonth: number[];
}
const RULE_KEYS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH']);
function ruleNumbers(value: string, min: number, max: number): number[] | null {
  const list = value.split(',').map((v) => (/^\d{1,2}$/.test(v) ? Number(v) : NaN));
  return list.every((n) => n >= min && n <= max) ? [...new Set(list)] : null;
}
/** The rule, or null when it is not one a tour schedule accepts. */
export function parseTourRule(rule: string): TourRule | null {
  const fields = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/, '').split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!match || !RULE_KEYS.has(match[1]!) || fields.has(match[1]!)) return null;
    fields.set(match[1]!, match[2]!);
  }
  const freq = fields.get('FREQ');
  if (freq !== 'DAILY' && freq !== 'WEEKLY' && freq !== 'MONTHLY') return null;
  const interval = fields.has('INTERVAL') ? ruleNumbers(fields.get('INTERVAL')!, 1, RULE_MAX_INTERVAL) : [1];
  if (!interval || interval.length !== 1) return null;
  const byMonth = fields.has('BYMONTH') ? ruleNumbers(fields.get('BYMONTH')!, 1, 12) : [];
  if (!byMonth) return null;
  let byMonthDay: number[] | null = [];
  if (fields.has('BYMONTHDAY')) {
    if (freq !== 'MONTHLY') return null;
    byMonthDay = ruleNumbers(fields.get('BYMONTHDAY')!, 1, 31);
    if (!byMonthDay) return null;
  }
  const byDay: TourRule['byDay'] = [];
  for (const day of fields.has('BYDAY') ? fields.get('BYDAY')!.split(',') : []) {
    const match = /^([+-]?[1-5])?(MO|TU|WE|TH|FR|SA|SU)$/.exec(day);
    if (!match || (match[1] !== undefined && freq !== 'MONTHLY')) return null;
    byDay.push({
      weekday: RULE_WEEKDAYS.indexOf(match[2] as (typeof RULE_WEEKDAYS)[number]),
      nth: match[1] === undefined ? null : Number(match[1]),
    });
  }
  return { freq, interval: interval[0]!, byDay, byMonthDay, byMonth };
}
export function rruleBodyValid(rule: string): boolean {
  return parseTourRule(rule) !== null;
}
export const rruleBody = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .transform((r) => r.replace(/^RRULE:/i, '').toUpperCase())
  .refine(rruleBodyValid, { message: 'rrule_invalid' });

const seriesFields = {
  definition_id: intId,
  /** The RRULE body, e.g. FREQ=WEEKLY;BYDAY=TU,TH. */
  rrule: rruleBody,
  first_day: isoDay,
  last_day: isoDay,
  start_time: clockTime,
  /** Days the rule gives that get no event. */
  exdates: z.array(isoDay).max(SERIES_MAX_OCCURRENCES).default([]),
  capacity: participantBounds.capacity.optional(),
  min_participants: participantBounds.min_participants.optional(),
};
type Days = { first_day: string; last_day: string };
const daysInOrder: Check<Days> = [
  (v) => v.last_day >= v.first_day,
  { path: ['last_day'], message: 'before_first_day' },
];
const seriesNotTooLong: Check<Days> = [
  (v) => Date.parse(v.last_day) - Date.parse(v.first_day) <= SERIES_MAX_DAYS * DAY_MS,
  { path: ['last_day'], message: 'too_long' },
];

/** POST /api/nine/tours/event-series/preview and POST /api/nine/tours/event-series. */
export const tourSeriesCreate = z
  .object(seriesFields)
  .refine(...daysInOrder)
  .refine(...seriesNotTooLong)
  .refine(...minNotAboveCapacity);
export type TourSeriesCreate = z.input<typeof tourSeriesCreate>;

export const tourSeriesOccurrence = z.object({
  day: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type TourSeriesOccurrence = z.infer<typeof tourSeriesOccurrence>;
export const tourSeriesPreview = z.object({
  count: z.number(),
  time_zone: z.string(),
  occurrences: z.array(tourSeriesOccurrence),
});
export type TourSeriesPreview = z.infer<typeof tourSeriesPreview>;

export const tourSeries = z.object({
  id: z.number(),
  definition_id: z.number(),
  rrule: z.string(),
  first_day: z.string(),
  last_day: z.string(),
  start_time: z.string(),
  duration_minutes: z.number(),
  capacity: z.number(),
  min_participants: z.number(),
  exdates: z.array(z.string()),
  version: z.number(),
});
export type TourSeries = z.infer<typeof tourSeries>;

/** The equipment short on one day of a series (the first 20 such days). */
export const tourSeriesShortDay = z.object({
  day: z.string(),
  lines: z.array(tourEquipmentLine),
});

/** What creating or changing a series answers. */
export const tourSeriesResult = z.object({
  series: tourSeries,
  created: z.number(),
  /** Events moved to the new time or capacity (a series change). */
  updated: z.number(),
  removed: z.number(),
  /**
   * Events left as they were: holding reservations (reason 'seats'), or led and no longer on the rule
   * (reason 'leaders': unassign the leaders, then cancel the departure).
   */
  kept: z.array(
    z.object({
      id: z.number(),
      starts_at: z.string(),
      seats_taken: z.number(),
      reason: z.enum(['seats', 'leaders']).optional(),
    }),
  ),
  equipment_short: z.array(tourSeriesShortDay),
});
export type TourSeriesResult = z.infer<typeof tourSeriesResult>;

/**
 * PATCH /api/nine/tours/event-series/:id: the series from `from_day` on takes the new rule; its events from
 * then that were not moved or edited alone follow (those holding reservations are kept and reported).
 */
export const tourSeriesUpdate = z
  .object({
    from_day: isoDay,
    rrule: rruleBody.optional(),
    start_time: clockTime.optional(),
    last_day: isoDay.optional(),
    exdates: z.array(isoDay).max(SERIES_MAX_OCCURRENCES).optional(),
    capacity: participantBounds.capacity.optional(),
    min_participants: participantBounds.min_participants.optional(),
    version,
  })
  .refine(...minNotAboveCapacity);
export type TourSeriesUpdate = z.input<typeof tourSeriesUpdate>;

/** POST /api/nine/tours/events/:id/reschedule: a new start; the duration stays. */
export const tourEventReschedule = z.object({
  starts_at: instant,
  version,
  /** Accepted for the web's warning flow; leader hours are refused, not warned (issue #19). */
  acknowledge: z.boolean().optional(),
});
export type TourEventReschedule = z.input<typeof tourEventReschedule>;
export const tourEventRescheduled = z.object({
  event: tourEventDetail,
  /** The participants whose departure moved (seats taken). */
  participants_affected: z.number(),
});
export type TourEventRescheduled = z.infer<typeof tourEventRescheduled>;

/** PATCH /api/nine/tours/events/:id. */
export const tourEventUpdate = z
  .object({
    capacity: participantBounds.capacity.optional(),
    min_participants: participantBounds.min_participants.optional(),
    meeting_point_id: intId.nullable().optional(),
    note: z.string().trim().max(1000).nullable().optional(),
    version,
  })
  .refine(...minNotAboveCapacity);
export type TourEventUpdate = z.input<typeof tourEventUpdate>;

/** POST /api/nine/tours/events/:id/status. */
export const tourEventStatusChange = z.object({
  status: tourEventStatus,
  reason: z.string().trim().max(300).nullable().optional(),
  version,
});
export type TourEventStatusChange = z.input<typeof tourEventStatusChange>;

/** POST /api/nine/tours/events/:id/leaders. `acknowledge`: assign despite an expired skill (1205). */
export const tourEventLeaderAssign = z.object({
  leader_id: intId,
  acknowledge: z.boolean().optional(),
});
export type TourEventLeaderAssign = z.input<typeof tourEventLeaderAssign>;
