import type pg from 'pg';
import { exec } from '../db/sql.ts';

/**
 * The business calendar's demo values: every demo location opens Monday to Saturday 09:00-18:00 and Sunday
 * 10:00-16:00, closes on Christmas Day and New Year's Day, and closes early on Christmas Eve, this year and
 * next. No random numbers: the orders stay as they were.
 */
export async function seedCalendarSettings(client: pg.PoolClient, now: Date): Promise<void> {
  await exec(
    client,
    `INSERT INTO location_hours (location_id, weekday, opens, closes)
     SELECT l.id, d.weekday, CASE WHEN d.weekday = 0 THEN '10:00' ELSE '09:00' END::time,
            CASE WHEN d.weekday = 0 THEN '16:00' ELSE '18:00' END::time
     FROM locations l CROSS JOIN generate_series(0, 6) AS d(weekday)
     ON CONFLICT DO NOTHING`,
  );
  const year = now.getUTCFullYear();
  const days: [day: string, closed: boolean, opens: string | null, closes: string | null, note: string][] =
    [];
  for (const y of [year, year + 1]) {
    days.push([`${y}-12-24`, false, '09:00', '14:00', 'Christmas Eve: closing early']);
    days.push([`${y}-12-25`, true, null, null, 'Christmas Day']);
    days.push([`${y + 1}-01-01`, true, null, null, "New Year's Day"]);
  }
  await exec(
    client,
    `INSERT INTO location_special_days (location_id, day, closed, opens, closes, note)
     SELECT l.id, d.day, d.closed, d.opens, d.closes, d.note
     FROM locations l CROSS JOIN unnest($1::date[], $2::boolean[], $3::time[], $4::time[], $5::text[])
       AS d(day, closed, opens, closes, note)
     ON CONFLICT DO NOTHING`,
    [
      days.map((d) => d[0]),
      days.map((d) => d[1]),
      days.map((d) => d[2]),
      days.map((d) => d[3]),
      days.map((d) => d[4]),
    ],
  );
}
