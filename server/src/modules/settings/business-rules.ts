import { addDays, dayAt, isClosedOn, type BusinessRules } from '@nine/shared/business-hours';
import { one, rows, type Queryable } from '../../db/sql.ts';

export interface WeekRow {
  weekday: number;
  closed: boolean;
  opens: string;
  closes: string;
  version: number;
  saved: boolean;
}

/**
 * A location's seven weekdays as the calendar uses them: the saved row, or (never saved) the location's single
 * daily hours general_settings.store_open/store_close (09:00-18:00 without a general settings row).
 */
export async function locationWeek(
  client: Queryable,
  locationId: number,
): Promise<{ timeZone: string; week: WeekRow[] }> {
  const zone = await one<{ time_zone: string | null }>(
    client,
    'SELECT (SELECT time_zone FROM locations WHERE id = $1) AS time_zone',
    [locationId],
  );
  const week = await rows<WeekRow>(
    client,
    `SELECT d.weekday, coalesce(h.closed, false) AS closed,
              to_char(coalesce(h.opens, g.store_open, '09:00'), 'HH24:MI') AS opens,
              to_char(coalesce(h.closes, g.store_close, '18:00'), 'HH24:MI') AS closes,
              coalesce(h.version, 1) AS version, h.weekday IS NOT NULL AS saved
       FROM generate_series(0, 6) AS d(weekday)
       LEFT JOIN location_hours h ON h.location_id = $1 AND h.weekday = d.weekday
       LEFT JOIN general_settings g ON g.location_id = $1
       ORDER BY d.weekday`,
    [locationId],
  );
  return { timeZone: zone.time_zone ?? 'UTC', week };
}

export interface SpecialDayRow {
  id: number;
  location_id: number;
  day: string;
  closed: boolean;
  opens: string | null;
  closes: string | null;
  note: string;
  version: number;
}

/** The columns of a special day as answered: the date and times as the location's wall clock reads them. */
export const SPECIAL_DAY_COLUMNS = `id, location_id, day::text AS day, closed, to_char(opens, 'HH24:MI') AS opens,
  to_char(closes, 'HH24:MI') AS closes, note, version`;

/** Special days from `from` to `to`, both included. */
export function specialDaysBetween(
  client: Queryable,
  locationId: number,
  from: string,
  to: string,
): Promise<SpecialDayRow[]> {
  return rows<SpecialDayRow>(
    client,
    `SELECT ${SPECIAL_DAY_COLUMNS} FROM location_special_days
     WHERE location_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
    [locationId, from, to],
  );
}

/** The pure rule's input (shared/business-hours.ts) for days from `from` to `to`. */
export async function businessRules(
  client: Queryable,
  locationId: number,
  from: string,
  to: string,
): Promise<BusinessRules> {
  const { timeZone, week } = await locationWeek(client, locationId);
  const special = await specialDaysBetween(client, locationId, from, to);
  return { timeZone, week, special: new Map(special.map((d) => [d.day, d])) };
}

/** The location's days that an instant range [from, to) touches on which it is closed. */
export async function closedDays(
  client: Queryable,
  locationId: number,
  from: Date,
  to: Date,
): Promise<string[]> {
  const { timeZone, week } = await locationWeek(client, locationId);
  const first = dayAt(from, timeZone);
  const last = dayAt(new Date(Math.max(from.getTime(), to.getTime() - 1)), timeZone);
  const special = await specialDaysBetween(client, locationId, first, last);
  const rules: BusinessRules = { timeZone, week, special: new Map(special.map((d) => [d.day, d])) };
  const closed: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) if (isClosedOn(rules, day)) closed.push(day);
  return closed;
}
