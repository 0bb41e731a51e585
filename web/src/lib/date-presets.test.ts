import { afterEach, describe, expect, it } from 'vitest';
import { datePresets, fromIsoDay, presetRange, toIsoDay } from './date-presets.ts';
import { setDisplayTimeZone } from './format.ts';

// Wednesday 15 January 2025, mid-afternoon local time.
const now = new Date(2025, 0, 15, 15, 30);

describe('date presets (spec section 9)', () => {
  it.each([
    ['no_date_filter', {}],
    ['today', { from: '2025-01-15', to: '2025-01-15' }],
    ['yesterday', { from: '2025-01-14', to: '2025-01-14' }],
    ['tomorrow', { from: '2025-01-16', to: '2025-01-16' }],
    ['next_7_days', { from: '2025-01-15', to: '2025-01-21' }],
    ['last_7_days', { from: '2025-01-09', to: '2025-01-15' }],
    ['last_month', { from: '2024-12-01', to: '2024-12-31' }],
    ['current_month', { from: '2025-01-01', to: '2025-01-31' }],
    ['next_month', { from: '2025-02-01', to: '2025-02-28' }],
    ['month_to_date', { from: '2025-01-01', to: '2025-01-15' }],
    ['weekly', { from: '2025-01-15', to: '2025-01-21' }],
    ['biweekly', { from: '2025-01-15', to: '2025-01-28' }],
    ['monthly', { from: '2025-01-15', to: '2025-02-14' }],
    ['custom', {}],
  ] as const)('%s covers the expected days', (preset, expected) => {
    expect(presetRange(preset, now)).toEqual(expected);
  });

  it('offers all fourteen presets of the spec', () => {
    expect(datePresets).toHaveLength(14);
  });

  it('runs weekly, biweekly and monthly from the chosen first day', () => {
    expect(presetRange('weekly', now, { from: '2025-03-03' })).toEqual({
      from: '2025-03-03',
      to: '2025-03-09',
    });
    expect(presetRange('biweekly', now, { from: '2025-03-03' })).toEqual({
      from: '2025-03-03',
      to: '2025-03-16',
    });
    // One calendar month, clamped at the end of a short month.
    expect(presetRange('monthly', now, { from: '2025-01-31' })).toEqual({
      from: '2025-01-31',
      to: '2025-02-27',
    });
  });

  it('takes a custom range as given, ignoring malformed ends', () => {
    expect(presetRange('custom', now, { from: '2025-02-01', to: '2025-02-10' })).toEqual({
      from: '2025-02-01',
      to: '2025-02-10',
    });
    expect(presetRange('custom', now, { from: '2025-02-30', to: 'soon' })).toEqual({});
  });

  it('crosses year ends', () => {
    const newYear = new Date(2025, 0, 1, 9);
    expect(presetRange('yesterday', newYear)).toEqual({ from: '2024-12-31', to: '2024-12-31' });
    expect(presetRange('last_month', newYear)).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('next_month', new Date(2024, 11, 20))).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });

  it('reads and writes calendar days', () => {
    expect(toIsoDay(new Date(2025, 8, 5, 23, 59))).toBe('2025-09-05');
    expect(fromIsoDay('2024-02-29')?.getDate()).toBe(29);
    expect(fromIsoDay('2025-02-29')).toBeNull();
  });

  describe("on the location's calendar", () => {
    afterEach(() => setDisplayTimeZone(null));

    it('takes today from the location, not the browser', () => {
      // 20:00 UTC on 24 November is 09:00 on the 25th in Auckland and 12:00 on the 24th in Los Angeles.
      const instant = new Date(Date.UTC(2026, 10, 24, 20));
      setDisplayTimeZone('Pacific/Auckland');
      expect(presetRange('today', instant)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
      setDisplayTimeZone('America/Los_Angeles');
      expect(presetRange('today', instant)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
      expect(presetRange('yesterday', instant)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    });
  });
});
