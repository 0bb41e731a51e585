/**
 * Whether a tour leader can take a departure (issue #19, decision D5): inside one of the weekly hours of the
 * departure's weekday and on no day off. Everything is the wall clock of the event's location: a departure at
 * 09:00 is at 09:00 whatever the season, so no time zone is needed here. A leader without weekly hours is
 * available any time (days off still count).
 */

/** One range of a leader's week: weekday 0 = Sunday; "HH:MM", starts < ends, within the day ("24:00" ends it). */
export interface WeeklyRange {
  weekday: number;
  starts: string;
  ends: string;
}

/** Days off, both days included ("YYYY-MM-DD"). */
export interface DaysOff {
  first_day: string;
  last_day: string;
}

export type LeaderAvailability = { ok: true } | { ok: false; reason: 'hours' | 'day_off' };

const DAY_MS = 86_400_000;

/** "YYYY-MM-DDTHH:MM[:SS]" (or with a space) into its day and its "HH:MM[:SS]" time. */
function split(local: string): { day: string; time: string } {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)/.exec(local);
  if (!match) throw new Error(`not a local date-time: ${local}`);
  return { day: match[1]!, time: match[2]!.length === 5 ? `${match[2]}:00` : match[2]! };
}

const dayMs = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const seconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

/**
 * `localStart` and `localEnd` are the departure's wall-clock start and end ("2026-05-12T09:00"). A departure
 * ending at the next midnight ends at 24:00 of its day; one crossing midnight cannot fit one day's range and is
 * refused when the leader has weekly hours.
 */
export function leaderAvailableAt(
  hours: readonly WeeklyRange[],
  daysOff: readonly DaysOff[],
  localStart: string,
  localEnd: string,
): LeaderAvailability {
  const start = split(localStart);
  let end = split(localEnd);
  // Ending at the next midnight is 24:00 of the start day: it does not touch the next day.
  if (end.time === '00:00:00' && dayMs(end.day) - dayMs(start.day) === DAY_MS)
    end = { day: start.day, time: '24:00:00' };
  const lastMs = end.time === '00:00:00' && end.day > start.day ? dayMs(end.day) - DAY_MS : dayMs(end.day);
  for (let ms = dayMs(start.day); ms <= lastMs; ms += DAY_MS) {
    const day = dayOf(ms);
    if (daysOff.some((off) => off.first_day <= day && day <= off.last_day))
      return { ok: false, reason: 'day_off' };
  }
  if (hours.length === 0) return { ok: true };
  if (end.day !== start.day) return { ok: false, reason: 'hours' };
  const weekday = new Date(dayMs(start.day)).getUTCDay();
  const fits = hours.some(
    (range) =>
      range.weekday === weekday && seconds(range.starts) <= start.time && end.time <= seconds(range.ends),
  );
  return fits ? { ok: true } : { ok: false, reason: 'hours' };
}
