import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  currentTimeZone,
  formatBytes,
  formatDate,
  formatDateTime,
  formatDay,
  formatHours,
  formatMoney,
  formatNumber,
  formatRate,
  formatTime,
  fromLocalInput,
  setDisplayTimeZone,
  toLocalInput,
  todayAtLocation,
  wallClock,
} from './format.ts';
import { initI18n, setLanguage } from './i18n.ts';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  await setLanguage('en-US', { persist: false });
  setDisplayTimeZone(null);
});

// A local time, as the browser shows it, whatever time zone the test runs in.
const at = new Date(2026, 10, 24, 14, 21).toISOString();

describe('one date format, in the interface language', () => {
  it('writes day, month and year in the language’s order, never a two-digit year', async () => {
    expect(formatDate(at)).toBe('11/24/2026');
    expect(formatDateTime(at)).toMatch(/^11\/24\/2026, 2:21\sPM$/);
    await setLanguage('es-ES', { persist: false });
    expect(formatDate(at)).toBe('24/11/2026');
    expect(formatDateTime(at)).toBe('24/11/2026, 14:21');
    expect(formatTime(at)).toBe('14:21');
    await setLanguage('fr-FR', { persist: false });
    expect(formatDateTime(at)).toBe('24/11/2026 14:21');
  });

  it('shows a calendar day as the same day in every time zone', () => {
    expect(formatDay('2026-11-24')).toBe('11/24/2026');
    expect(formatDay('2026-01-01', 'es-ES')).toBe('01/01/2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('leaves nothing for an unset or unreadable instant', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('yesterday')).toBe('');
    expect(formatDay(null)).toBe('');
  });

  it('formats money from minor units in the language', async () => {
    expect(formatMoney(5629, '$')).toBe('$56.29');
    await setLanguage('es-ES', { persist: false });
    expect(formatMoney(5629, '€')).toBe('€56,29');
  });
});

describe('instants in the location’s time zone', () => {
  const utc = '2026-11-24T22:21:00Z';

  it('shows one UTC instant as the clock of Los Angeles or of Madrid', async () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDateTime(utc)).toMatch(/^11\/24\/2026, 2:21\sPM$/);
    expect(formatTime(utc, 'en-US', 'second')).toMatch(/^2:21:00\sPM$/);
    setDisplayTimeZone('Europe/Madrid');
    expect(formatDate(utc)).toBe('11/24/2026');
    expect(formatTime(utc)).toMatch(/^11:21\sPM$/);
    await setLanguage('es-ES', { persist: false });
    expect(formatDateTime(utc)).toBe('24/11/2026, 23:21');
    // Past midnight in Madrid, still the day before in Los Angeles.
    expect(formatDate('2026-11-24T23:30:00Z')).toBe('25/11/2026');
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDate('2026-11-24T23:30:00Z')).toBe('24/11/2026');
  });

  it('shows an instant in a zone given for it without changing the location’s', () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatDateTime(utc, 'en-US', 'Europe/Madrid')).toMatch(/^11\/24\/2026, 11:21\sPM$/);
    expect(formatTime(utc, 'en-US', 'minute', 'Europe/Madrid')).toMatch(/^11:21\sPM$/);
    expect(formatDate('2026-11-24T23:30:00Z', 'en-US', 'Europe/Madrid')).toBe('11/25/2026');
    // The location's zone is untouched, and an unknown zone falls back to it.
    expect(formatTime(utc)).toMatch(/^2:21\sPM$/);
    expect(formatTime(utc, 'en-US', 'minute', 'Nowhere/Else')).toMatch(/^2:21\sPM$/);
  });

  it('keeps calendar days out of any time zone', () => {
    setDisplayTimeZone('Pacific/Kiritimati');
    expect(formatDay('2026-11-24')).toBe('11/24/2026');
    setDisplayTimeZone('Pacific/Pago_Pago');
    expect(formatDay('2026-11-24')).toBe('11/24/2026');
  });

  it('falls back to the browser’s zone before a location is known or for an unknown zone', () => {
    const browser = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    setDisplayTimeZone('Europe/Madrid');
    expect(currentTimeZone()).toBe('Europe/Madrid');
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(currentTimeZone()).toBe(browser);
    setDisplayTimeZone('Europe/Madrid');
    setDisplayTimeZone(undefined);
    expect(currentTimeZone()).toBe(browser);
  });

  it('reads the wall clock and today at the location', () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(wallClock('2026-03-08T10:30:00Z')).toEqual({
      year: 2026,
      month: 3,
      day: 8,
      hour: 3,
      minute: 30,
      second: 0,
    });
    expect(wallClock(null)).toBeNull();
    expect(todayAtLocation(new Date('2026-01-01T05:00:00Z'))).toBe('2025-12-31');
    setDisplayTimeZone('Europe/Madrid');
    expect(todayAtLocation(new Date('2026-01-01T05:00:00Z'))).toBe('2026-01-01');
  });
});

describe('datetime-local inputs at the location', () => {
  it('writes and reads the location’s clock, not the browser’s', () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(toLocalInput('2026-07-01T16:45:00Z')).toBe('2026-07-01T09:45');
    expect(fromLocalInput('2026-07-01T09:45')).toBe('2026-07-01T16:45:00.000Z');
    setDisplayTimeZone('Europe/Madrid');
    expect(toLocalInput('2026-07-01T16:45:00Z')).toBe('2026-07-01T18:45');
    expect(fromLocalInput('2026-07-01T18:45')).toBe('2026-07-01T16:45:00.000Z');
    expect(fromLocalInput(toLocalInput('2026-12-31T23:59:00Z'))).toBe('2026-12-31T23:59:00.000Z');
  });

  it('moves a time the spring change skips forward by the gap', () => {
    setDisplayTimeZone('America/Los_Angeles');
    // 2026-03-08: clocks jump from 02:00 PST to 03:00 PDT; 02:30 never happens, 03:30 PDT is meant.
    expect(fromLocalInput('2026-03-08T02:30')).toBe('2026-03-08T10:30:00.000Z');
    expect(toLocalInput(fromLocalInput('2026-03-08T02:30'))).toBe('2026-03-08T03:30');
    expect(fromLocalInput('2026-03-08T01:59')).toBe('2026-03-08T09:59:00.000Z');
    expect(fromLocalInput('2026-03-08T03:00')).toBe('2026-03-08T10:00:00.000Z');
  });

  it('takes the earlier of a time the autumn change shows twice', () => {
    setDisplayTimeZone('America/Los_Angeles');
    // 2026-11-01: 01:30 happens at 08:30Z (PDT), then again at 09:30Z (PST).
    expect(fromLocalInput('2026-11-01T01:30')).toBe('2026-11-01T08:30:00.000Z');
    expect(toLocalInput('2026-11-01T09:30:00Z')).toBe('2026-11-01T01:30');
    expect(fromLocalInput('2026-11-01T02:00')).toBe('2026-11-01T10:00:00.000Z');
  });

  it('leaves nothing for an empty or unreadable value', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('never')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-02-30T10:00')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });
});

describe('numbers in the interface language', () => {
  it('groups and rounds like the language', async () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0.5, { style: 'percent' })).toBe('50%');
    expect(formatHours(90)).toBe('1.5');
    expect(formatRate(825)).toBe('8.25');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatMoney(-123456, '$')).toBe('-$1,234.56');
    await setLanguage('es-ES', { persist: false });
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatHours(135)).toBe('2,3');
    expect(formatBytes(1536)).toBe('1,5 KB');
    await setLanguage('fr-FR', { persist: false });
    expect(formatNumber(1234.5, { maximumFractionDigits: 1 })).toMatch(/^1\s234,5$/);
  });
});
