import { fromLocalInput, todayAtLocation, wallClock } from '../../../../lib/format.ts';

// FullCalendar runs with `timeZone: 'UTC'` and is fed the location's wall clock as zone-less strings, so
// its grid shows the location's hours whatever the browser's own zone is (a counter PC set to UTC, a
// manager abroad). A Date it hands back carries that wall clock in its UTC fields; these helpers turn
// instants into such strings and such Dates back into instants, through the location zone of lib/format.

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the location's wall clock, "YYYY-MM-DDTHH:mm:ss" without a zone; '' when unreadable. */
export function calendarWallTime(instant: string | Date): string {
  const at = wallClock(instant);
  if (at === null) return '';
  return `${at.year}-${pad(at.month)}-${pad(at.day)}T${pad(at.hour)}:${pad(at.minute)}:${pad(at.second)}`;
}

/** The wall clock a calendar Date holds (its UTC fields) as a datetime-local value "YYYY-MM-DDTHH:mm". */
export function calendarLocalInput(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
  );
}

/** The day a calendar Date falls on at the location, "YYYY-MM-DD". */
export function calendarDay(date: Date): string {
  return calendarLocalInput(date).slice(0, 10);
}

/**
 * The instant a calendar Date means at the location (ISO, UTC). A time the spring change skips moves
 * forward by the gap and a time the autumn change shows twice is the earlier one, as typed times are.
 */
export function calendarInstant(date: Date): string {
  const instant = fromLocalInput(calendarLocalInput(date));
  // fromLocalInput refuses only malformed text, which calendarLocalInput never writes.
  if (instant === null) throw new Error(`unreadable calendar date ${date.toISOString()}`);
  return instant;
}

/** The instants of a visible range FullCalendar reports (local midnights, end exclusive), for the query. */
export function calendarRange(start: Date, end: Date): { from: string; to: string } {
  return { from: calendarInstant(start), to: calendarInstant(end) };
}

/** Now as the location's wall clock, FullCalendar's `now` (today's column, the now line). */
export function calendarNow(now: Date = new Date()): string {
  return calendarWallTime(now);
}

/** Today at the location, "YYYY-MM-DD": the date the calendar opens on when the address names none. */
export function calendarToday(now: Date = new Date()): string {
  return todayAtLocation(now);
}
