import { formatDayName, type WallClock } from '../../../lib/format.ts';

/**
 * Formats with the general setting calendar_date_time_format (moment-style tokens such as
 * 'MM/DD/YYYY hh:mm A'): the calendar's own pattern, so it stays here rather than in lib/format.ts. It
 * takes a wall clock (`wallClock()` of an instant, at the location; `dayOfMonth()` of a calendar day), so
 * no time zone is applied here. Unknown text is kept as written.
 */
const TOKENS = /YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|ss|A|a/g;
const pad = (n: number) => String(n).padStart(2, '0');

export function formatWithPattern(at: WallClock, pattern: string, locale: string): string {
  return pattern.replace(TOKENS, (token) => {
    const hours = at.hour;
    switch (token) {
      case 'YYYY':
        return String(at.year);
      case 'YY':
        return String(at.year).slice(-2);
      case 'MMMM':
        return formatDayName(at, 'month', 'long', locale);
      case 'MMM':
        return formatDayName(at, 'month', 'short', locale);
      case 'MM':
        return pad(at.month);
      case 'M':
        return String(at.month);
      case 'DD':
        return pad(at.day);
      case 'D':
        return String(at.day);
      case 'dddd':
        return formatDayName(at, 'weekday', 'long', locale);
      case 'ddd':
        return formatDayName(at, 'weekday', 'short', locale);
      case 'HH':
        return pad(hours);
      case 'H':
        return String(hours);
      case 'hh':
        return pad(hours % 12 || 12);
      case 'h':
        return String(hours % 12 || 12);
      case 'mm':
        return pad(at.minute);
      case 'ss':
        return pad(at.second);
      case 'A':
        return hours < 12 ? 'AM' : 'PM';
      default:
        return hours < 12 ? 'am' : 'pm';
    }
  });
}

/** The date part and the time part of a date-time pattern ('MM/DD/YYYY hh:mm A' -> 'MM/DD/YYYY', 'hh:mm A'). */
export function splitPattern(pattern: string): { date: string; time: string } {
  const at = pattern.search(/[Hh]/);
  if (at < 0) return { date: pattern.trim(), time: 'HH:mm' };
  return { date: pattern.slice(0, at).trim() || 'MM/DD/YYYY', time: pattern.slice(at).trim() };
}

/** A day of a YYYY-MM month at midnight, for naming it (its weekday, its number) in any time zone. */
export function dayOfMonth(month: string, day: number): WallClock {
  const [year, m] = month.split('-').map(Number);
  return { year: year ?? 1970, month: m ?? 1, day, hour: 0, minute: 0, second: 0 };
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return new Date(y ?? 1970, m ?? 1, 0).getDate();
}
