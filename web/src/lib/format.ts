import { formatMoney as formatMinor } from '@nine/shared/money';
import { currentLanguage } from './i18n.ts';

// The one way dates, times and amounts are shown: numeric day, month and year in the order of the
// interface language (11/24/2026, 24/11/2026) and its clock (2:21 PM, 14:21), in the browser's time zone.
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

// Building a formatter is slow next to using one, and long lists format thousands of cells.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'date' | 'dateTime' | 'time' | 'day', language: string): Intl.DateTimeFormat {
  const key = `${kind}|${language}`;
  let found = formatters.get(key);
  if (!found) {
    const options =
      kind === 'date'
        ? DATE
        : kind === 'time'
          ? TIME
          : kind === 'dateTime'
            ? { ...DATE, ...TIME }
            : { ...DATE, timeZone: 'UTC' };
    found = new Intl.DateTimeFormat(language, options);
    formatters.set(key, found);
  }
  return found;
}

type Instant = string | Date | null | undefined;

function toDate(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day of an instant; empty when unset or unreadable. */
export function formatDate(value: Instant, language: string = currentLanguage()): string {
  const date = toDate(value);
  return date === null ? '' : formatter('date', language).format(date);
}

/** The day and time of an instant; empty when unset or unreadable. */
export function formatDateTime(value: Instant, language: string = currentLanguage()): string {
  const date = toDate(value);
  return date === null ? '' : formatter('dateTime', language).format(date);
}

/** The time of day of an instant; empty when unset or unreadable. */
export function formatTime(value: Instant, language: string = currentLanguage()): string {
  const date = toDate(value);
  return date === null ? '' : formatter('time', language).format(date);
}

/**
 * A calendar day (YYYY-MM-DD, no time zone) shown like `formatDate`. Read as UTC noon and formatted in
 * UTC so no time zone moves it to the day before or after. Anything else is shown as it came.
 */
export function formatDay(day: string | null | undefined, language: string = currentLanguage()): string {
  if (day === null || day === undefined) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return Number.isNaN(date.getTime()) ? day : formatter('day', language).format(date);
}

/** An amount in minor units with the business's currency symbol, in the interface language. */
export function formatMoney(minor: number, symbol: string, language: string = currentLanguage()): string {
  return formatMinor(minor, symbol, language);
}
