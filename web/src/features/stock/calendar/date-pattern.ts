/**
 * Formats with the general setting calendar_date_time_format (moment-style tokens such as
 * 'MM/DD/YYYY hh:mm A'), in the browser's time zone. Unknown text is kept as written.
 */
const TOKENS = /YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|ss|A|a/g;
const pad = (n: number) => String(n).padStart(2, '0');

export function formatWithPattern(date: Date, pattern: string, locale: string): string {
  return pattern.replace(TOKENS, (token) => {
    const hours = date.getHours();
    switch (token) {
      case 'YYYY':
        return String(date.getFullYear());
      case 'YY':
        return String(date.getFullYear()).slice(-2);
      case 'MMMM':
        return date.toLocaleDateString(locale, { month: 'long' });
      case 'MMM':
        return date.toLocaleDateString(locale, { month: 'short' });
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'M':
        return String(date.getMonth() + 1);
      case 'DD':
        return pad(date.getDate());
      case 'D':
        return String(date.getDate());
      case 'dddd':
        return date.toLocaleDateString(locale, { weekday: 'long' });
      case 'ddd':
        return date.toLocaleDateString(locale, { weekday: 'short' });
      case 'HH':
        return pad(hours);
      case 'H':
        return String(hours);
      case 'hh':
        return pad(hours % 12 || 12);
      case 'h':
        return String(hours % 12 || 12);
      case 'mm':
        return pad(date.getMinutes());
      case 'ss':
        return pad(date.getSeconds());
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

/** A day of a YYYY-MM month as a local date, for naming it (its weekday, its number) in any time zone. */
export function dayOfMonth(month: string, day: number): Date {
  const [y, m] = month.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, day);
}

export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return new Date(y ?? 1970, m ?? 1, 0).getDate();
}
