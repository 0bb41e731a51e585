import { wallMs } from './wall-clock.ts';

/**
 * A location's business calendar as a pure rule, shared by the server (availability calendar, the activity
 * switch adjust_plan_to_business_hours on a new rent order) and the web app (a preview). Times are wall-clock
 * "HH:MM" of the location's IANA time zone; days are "YYYY-MM-DD" calendar days of that zone.
 */

export interface OpeningHours {
  opens: string;
  closes: string;
}

export interface BusinessRules {
  timeZone: string;
  /** Seven entries by weekday, 0 = Sunday … 6 = Saturday (JavaScript's getDay, PostgreSQL's dow). */
  week: readonly ({ closed: boolean } & OpeningHours)[];
  /** Special days by date: a holiday (closed) or other hours that replace the weekday's. */
  special: ReadonlyMap<string, { closed: boolean; opens: string | null; closes: string | null }>;
}

/** How far ahead an opening is looked for before giving up (a location closed every day of the year). */
const HORIZON_DAYS = 400;

/** The calendar day ("YYYY-MM-DD") an instant falls on in a time zone. */
export function dayAt(at: Date, timeZone: string): string {
  return new Date(wallMs(at, timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time of a day has in a time zone. A time skipped by a clock change resolves to
 * the instant just after the gap; a repeated one to its first occurrence.
 */
export function instantAt(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes: the offset at the first guess, then at the instant it gives (right across a change).
  let guess = wall - (wallMs(new Date(wall), timeZone) - wall);
  guess = wall - (wallMs(new Date(guess), timeZone) - guess);
  // A wall time the clock skips (02:30 when 02:00 jumps to 03:00) reads back an hour early: move it on by
  // the gap, to the same reading after the change, as a clock on the wall would show it.
  const got = wallMs(new Date(guess), timeZone);
  if (got !== wall) guess += wall - got;
  return new Date(guess);
}

/** The day after (or `n` days after) a calendar day. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A day's opening hours, or null when the location is closed that day (a special day wins). */
export function openingOn(rules: BusinessRules, day: string): OpeningHours | null {
  const special = rules.special.get(day);
  if (special)
    return special.closed || !special.opens || !special.closes
      ? null
      : { opens: special.opens, closes: special.closes };
  const usual = rules.week[weekdayOf(day)];
  return !usual || usual.closed ? null : { opens: usual.opens, closes: usual.closes };
}

export function isClosedOn(rules: BusinessRules, day: string): boolean {
  return openingOn(rules, day) === null;
}

/**
 * The first moment at or after `at` when the location is open, with the closing time of that opening.
 * `closingIncluded`: a return at closing time itself is still a return that day; a start is not.
 */
function nextOpen(
  rules: BusinessRules,
  at: Date,
  closingIncluded: boolean,
): { at: Date; closes: Date } | null {
  const first = dayAt(at, rules.timeZone);
  for (let i = 0; i < HORIZON_DAYS; i++) {
    const day = addDays(first, i);
    const hours = openingOn(rules, day);
    if (!hours) continue;
    const opens = instantAt(day, hours.opens, rules.timeZone);
    const closes = instantAt(day, hours.closes, rules.timeZone);
    if (at < opens) return { at: opens, closes };
    if (at < closes || (closingIncluded && at.getTime() === closes.getTime())) return { at, closes };
  }
  return null;
}

/**
 * adjust_plan_to_business_hours: a rental's planned start and finish moved into opening hours.
 * - A start before opening moves to that day's opening; a start after closing, or on a closed day, to the
 *   next opening.
 * - A finish outside opening hours moves to the next opening: nobody is there to take the return after
 *   closing, so it is taken when the shop opens again (a finish at closing time stays).
 * - If that leaves the finish at or before the start, the rental ends at the start day's closing.
 * A location with no opening at all in the coming year leaves the period as asked.
 */
export function adjustToBusinessHours(
  rules: BusinessRules,
  start: Date,
  finish: Date,
): { start: Date; finish: Date } {
  const opening = nextOpen(rules, start, false);
  if (!opening) return { start, finish };
  const end = nextOpen(rules, finish, true);
  const movedFinish = end ? end.at : finish;
  return {
    start: opening.at,
    finish: movedFinish > opening.at ? movedFinish : opening.closes,
  };
}
