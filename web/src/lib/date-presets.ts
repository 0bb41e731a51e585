import { todayAtLocation } from './format.ts';

/**
 * The date presets of spec section 9. A preset is kept by name (in the URL too) and turned into dates
 * only when the list is asked for, so "today" stays today after a reload tomorrow. Dates are calendar
 * days, YYYY-MM-DD, both ends inclusive; the server reads them in the location's time zone.
 */
export const datePresets = [
  'no_date_filter',
  'today',
  'yesterday',
  'tomorrow',
  'next_7_days',
  'last_7_days',
  'last_month',
  'current_month',
  'next_month',
  'month_to_date',
  'weekly',
  'biweekly',
  'monthly',
  'custom',
] as const;
export type DatePreset = (typeof datePresets)[number];

export function isDatePreset(value: string): value is DatePreset {
  return (datePresets as readonly string[]).includes(value);
}

/** Presets that start at a day the user picks (today when none): a period of that length from there. */
export const anchoredPresets: readonly DatePreset[] = ['weekly', 'biweekly', 'monthly'];

export interface DateRange {
  from?: string;
  to?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD. */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD to a local date at noon (noon keeps daylight-saving shifts from changing the day). */
export function fromIsoDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12);
  return toIsoDay(date) === day ? date : null;
}

export function isIsoDay(value: string): boolean {
  return fromIsoDay(value) !== null;
}

function day(year: number, month: number, date: number): Date {
  return new Date(year, month, date, 12);
}

function addDays(date: Date, days: number): Date {
  return day(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The same day of the month `months` later, clamped to that month's last day (Jan 31 → Feb 28). */
function addMonths(date: Date, months: number): Date {
  const last = day(date.getFullYear(), date.getMonth() + months + 1, 0).getDate();
  return day(date.getFullYear(), date.getMonth() + months, Math.min(date.getDate(), last));
}

function monthRange(today: Date, offset: number): DateRange {
  const first = day(today.getFullYear(), today.getMonth() + offset, 1);
  const last = day(today.getFullYear(), today.getMonth() + offset + 1, 0);
  return { from: toIsoDay(first), to: toIsoDay(last) };
}

const span = (from: Date, to: Date): DateRange => ({ from: toIsoDay(from), to: toIsoDay(to) });

/**
 * The days a preset covers. `custom` takes both ends as given; weekly, biweekly and monthly run 7 days,
 * 14 days or one calendar month from `from` (today when not given).
 */
export function presetRange(preset: DatePreset, now: Date, given: DateRange = {}): DateRange {
  // "Today" is the location's calendar day, as the server reads the days: a Los Angeles shop's evening
  // is already tomorrow in UTC.
  const today = fromIsoDay(todayAtLocation(now)) ?? day(now.getFullYear(), now.getMonth(), now.getDate());
  const anchor = (given.from !== undefined ? fromIsoDay(given.from) : null) ?? today;
  switch (preset) {
    case 'no_date_filter':
      return {};
    case 'today':
      return span(today, today);
    case 'yesterday':
      return span(addDays(today, -1), addDays(today, -1));
    case 'tomorrow':
      return span(addDays(today, 1), addDays(today, 1));
    case 'next_7_days':
      return span(today, addDays(today, 6));
    case 'last_7_days':
      return span(addDays(today, -6), today);
    case 'last_month':
      return monthRange(today, -1);
    case 'current_month':
      return monthRange(today, 0);
    case 'next_month':
      return monthRange(today, 1);
    case 'month_to_date':
      return span(day(today.getFullYear(), today.getMonth(), 1), today);
    case 'weekly':
      return span(anchor, addDays(anchor, 6));
    case 'biweekly':
      return span(anchor, addDays(anchor, 13));
    case 'monthly':
      return span(anchor, addDays(addMonths(anchor, 1), -1));
    case 'custom': {
      const range: DateRange = {};
      if (given.from !== undefined && isIsoDay(given.from)) range.from = given.from;
      if (given.to !== undefined && isIsoDay(given.to)) range.to = given.to;
      return range;
    }
  }
}
