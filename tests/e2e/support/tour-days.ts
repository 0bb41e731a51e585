// The days the tour specs schedule on. Their locations keep Madrid's clock, so "today" and the weekdays are
// Madrid's whatever this process's zone.

/** The tour specs' locations' time zone. */
export const MADRID_ZONE = 'Europe/Madrid';

/** Today on Madrid's clock, "YYYY-MM-DD". */
export function madridToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: MADRID_ZONE }).format(new Date());
}

/** A "YYYY-MM-DD" day moved by whole days (at noon UTC, so no zone shift moves it to another date). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first Tuesday at least a week ahead: a series starts there, well clear of "the past". */
export function firstTuesday(): string {
  let day = addDays(madridToday(), 7);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 2) day = addDays(day, 1);
  return day;
}
