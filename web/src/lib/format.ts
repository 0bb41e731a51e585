import { currentLanguage } from './i18n.ts';

// The one way dates, times, amounts and numbers are shown: numeric day, month and year in the order of the
// interface language (11/24/2026, 24/11/2026) and its clock (2:21 PM, 14:21). Instants are shown in the
// time zone of the location the user works at (set by the session), so every counter PC of a shop shows
// the shop's time whatever its own clock says; calendar days have no time zone.

/** The browser's own zone: what instants are shown in until a location is known. */
const browserTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

// Asked on first use, not on import: the first Intl object of a page loads the browser's locale data,
// which the login form never needs.
let chosenTimeZone: string | null = null;
const displayTimeZone = (): string => (chosenTimeZone ??= browserTimeZone());

/**
 * Shows instants in this IANA time zone from now on; null, undefined or an unknown zone means the
 * browser's. The session calls it whenever the location it works at changes.
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  chosenTimeZone = zone !== null && zone !== undefined && isTimeZone(zone) ? zone : null;
}

/** The zone instants are shown in now. */
export function currentTimeZone(): string {
  return displayTimeZone();
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const OPTIONS = {
  date: DATE,
  time: TIME,
  timeSeconds: { ...TIME, second: '2-digit' },
  dateTime: { ...DATE, ...TIME },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building a formatter is slow next to using one, and long lists format thousands of cells.
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(
  kind: keyof typeof OPTIONS | 'day' | 'parts',
  language: string,
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${kind}|${language}|${timeZone}`;
  let found = dateFormatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { ...DATE, timeZone: 'UTC' }
        : kind === 'parts'
          ? { ...DATE, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZone }
          : { ...OPTIONS[kind], timeZone };
    found = new Intl.DateTimeFormat(language, options);
    dateFormatters.set(key, found);
  }
  return found;
}

type Instant = string | Date | null | undefined;

function toDate(value: Instant): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Checked once per zone: building a formatter to test it is as slow as the formatting saved by the cache.
const checkedZones = new Map<string, boolean>();
function knownZone(zone: string): boolean {
  let known = checkedZones.get(zone);
  if (known === undefined) {
    known = isTimeZone(zone);
    checkedZones.set(zone, known);
  }
  return known;
}

function formatInstant(
  kind: keyof typeof OPTIONS,
  value: Instant,
  language: string,
  timeZone?: string,
): string {
  const date = toDate(value);
  const zone = timeZone !== undefined && knownZone(timeZone) ? timeZone : displayTimeZone();
  return date === null ? '' : dateFormatter(kind, language, zone).format(date);
}

// `timeZone` (optional, IANA): show the instant in this zone instead of the location's, as a public page
// does for a tour's own zone without changing the rest of the app's; an unknown zone means the location's.

/** The day of an instant at the location; empty when unset or unreadable. */
export function formatDate(value: Instant, language: string = currentLanguage(), timeZone?: string): string {
  return formatInstant('date', value, language, timeZone);
}

/** The day and time of an instant at the location; empty when unset or unreadable. */
export function formatDateTime(
  value: Instant,
  language: string = currentLanguage(),
  timeZone?: string,
): string {
  return formatInstant('dateTime', value, language, timeZone);
}

/** The time of day of an instant at the location (to the second when asked); empty when unset or unreadable. */
export function formatTime(
  value: Instant,
  language: string = currentLanguage(),
  precision: 'minute' | 'second' = 'minute',
  timeZone?: string,
): string {
  return formatInstant(precision === 'second' ? 'timeSeconds' : 'time', value, language, timeZone);
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
  return Number.isNaN(date.getTime()) ? day : dateFormatter('day', language, 'UTC').format(date);
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A number in the interface language (1,234.5 / 1.234,5), with Intl's options (fraction digits, percent…). */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: string = currentLanguage(),
): string {
  const key = `${language}|${JSON.stringify(options)}`;
  let found = numberFormatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(language, options);
    numberFormatters.set(key, found);
  }
  return found.format(value);
}

const ONE_DECIMAL: Intl.NumberFormatOptions = { maximumFractionDigits: 1 };

/** A measure shown to at most one decimal (rent hours, days, kilobytes). */
export function formatDecimal(value: number, language: string = currentLanguage()): string {
  return formatNumber(value, ONE_DECIMAL, language);
}

/** Minutes as hours with at most one decimal (90 -> 1.5). */
export function formatHours(minutes: number, language: string = currentLanguage()): string {
  return formatDecimal(minutes / 60, language);
}

/** A rate in basis points as a percentage number without the sign (825 -> 8.25), as tax lines show it. */
export function formatRate(basisPoints: number, language: string = currentLanguage()): string {
  return formatNumber(basisPoints / 100, { maximumFractionDigits: 2 }, language);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size in bytes as 512 B, 1.5 KB, 2 MB (powers of 1024). */
export function formatBytes(bytes: number, language: string = currentLanguage()): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text =
    unit === 0 ? formatNumber(value, { maximumFractionDigits: 0 }, language) : formatDecimal(value, language);
  return `${text} ${BYTE_UNITS[unit]}`;
}

const MONEY: Intl.NumberFormatOptions = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

/**
 * An amount in minor units with the location's currency symbol, in the interface language ($56.29,
 * €56,29); the same text as `formatMoney` of shared/src/money.ts, on a cached formatter.
 */
export function formatMoney(minor: number, symbol: string, language: string = currentLanguage()): string {
  const sign = minor < 0 ? '-' : '';
  return `${sign}${symbol}${formatNumber(Math.abs(minor) / 100, MONEY, language)}`;
}

/** The wall clock of an instant at the location: what a clock on the shop's wall showed then. */
export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockIn(date: Date, timeZone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of dateFormatter('parts', 'en-US', timeZone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** An instant's wall clock at the location; null when unset or unreadable. */
export function wallClock(value: Instant): WallClock | null {
  const date = toDate(value);
  return date === null ? null : wallClockIn(date, displayTimeZone());
}

const nameFormatters = new Map<string, Intl.DateTimeFormat>();

/** The name of a calendar day's month or weekday (November, Nov, Tuesday, Tue) in the interface language. */
export function formatDayName(
  day: Pick<WallClock, 'year' | 'month' | 'day'>,
  part: 'month' | 'weekday',
  width: 'long' | 'short',
  language: string = currentLanguage(),
): string {
  const key = `${part}|${width}|${language}`;
  let found = nameFormatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, { [part]: width, timeZone: 'UTC' });
    nameFormatters.set(key, found);
  }
  return found.format(new Date(Date.UTC(day.year, day.month - 1, day.day, 12)));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today at the location as YYYY-MM-DD (a value for date inputs and filters). */
export function todayAtLocation(now: Date = new Date()): string {
  const at = wallClockIn(now, displayTimeZone());
  return `${at.year}-${pad(at.month)}-${pad(at.day)}`;
}

/** An instant as a datetime-local input value ("YYYY-MM-DDTHH:mm") at the location; empty when unset. */
export function toLocalInput(value: Instant): string {
  const at = wallClock(value);
  return at === null ? '' : `${at.year}-${pad(at.month)}-${pad(at.day)}T${pad(at.hour)}:${pad(at.minute)}`;
}

const HOUR = 3_600_000;
// Milliseconds the zone's clock is ahead of UTC at an instant (seconds of historic offsets dropped).
const offsetAt = (instant: number, timeZone: string) => {
  const at = wallClockIn(new Date(instant), timeZone);
  const wall = Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second);
  return wall - Math.floor(instant / 1000) * 1000;
};

/**
 * A datetime-local input value read as the location's wall clock, as an ISO instant; null when empty or
 * unreadable. Like Temporal's 'compatible' choice: a time that happens twice (autumn) is the earlier one;
 * a time skipped by the clock (spring) moves forward by the gap (02:30 becomes 03:30).
 */
export function fromLocalInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, Number(m[6] ?? 0));
  const check = new Date(wall);
  if (Number.isNaN(wall) || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // Offsets change at most once within a day around any wall time, so the two around it are all there are.
  const before = offsetAt(wall - 24 * HOUR, displayTimeZone());
  const after = offsetAt(wall + 24 * HOUR, displayTimeZone());
  const fits = [wall - before, wall - after].filter((at) => offsetAt(at, displayTimeZone()) === wall - at);
  const instant = fits.length > 0 ? Math.min(...fits) : wall - before;
  return new Date(instant).toISOString();
}
