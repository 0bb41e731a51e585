import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatMoney, formatTime } from './format.ts';
import { initI18n, setLanguage } from './i18n.ts';

beforeAll(async () => {
  await initI18n();
});
afterEach(async () => {
  await setLanguage('en-US', { persist: false });
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
