import { describe, expect, it } from 'vitest';
import {
  addDays,
  adjustToBusinessHours,
  dayAt,
  instantAt,
  isClosedOn,
  openingOn,
  weekdayOf,
  type BusinessRules,
} from '../src/business-hours.ts';

const ZONE = 'Europe/Madrid';
const open = (opens: string, closes: string) => ({ closed: false, opens, closes });
// Sunday 10-16, Monday to Saturday 09-18; Christmas closed; 24 December 09-14.
const rules: BusinessRules = {
  timeZone: ZONE,
  week: [open('10:00', '16:00'), ...Array.from({ length: 6 }, () => open('09:00', '18:00'))],
  special: new Map([
    ['2026-12-25', { closed: true, opens: null, closes: null }],
    ['2026-12-24', { closed: false, opens: '09:00', closes: '14:00' }],
  ]),
};
const at = (day: string, time: string) => instantAt(day, time, ZONE);
const adjust = (start: Date, finish: Date) => adjustToBusinessHours(rules, start, finish);

describe('time zone arithmetic', () => {
  it('reads wall-clock times of the zone across a clock change', () => {
    expect(at('2026-07-01', '09:00').toISOString()).toBe('2026-07-01T07:00:00.000Z'); // CEST
    expect(at('2026-12-01', '09:00').toISOString()).toBe('2026-12-01T08:00:00.000Z'); // CET
    expect(at('2026-03-29', '09:00').toISOString()).toBe('2026-03-29T07:00:00.000Z'); // the day it moves
    expect(dayAt(new Date('2026-07-01T22:30:00Z'), ZONE)).toBe('2026-07-02');
    expect(dayAt(new Date('2026-07-01T22:30:00Z'), 'UTC')).toBe('2026-07-01');
  });
  it('takes a wall time the clock skips as the same reading after the jump, on the right day', () => {
    // New York: 02:00 became 03:00 on 2025-03-09; 02:30 does not exist, 03:30 EDT is what a clock shows.
    expect(instantAt('2025-03-09', '02:30', 'America/New_York').toISOString()).toBe(
      '2025-03-09T07:30:00.000Z',
    );
    // Santiago jumps at midnight: opening at 00:00 that day is 01:00 local, the same day, not the evening before.
    const santiago = instantAt('2025-09-07', '00:00', 'America/Santiago');
    expect(santiago.toISOString()).toBe('2025-09-07T04:00:00.000Z');
    expect(dayAt(santiago, 'America/Santiago')).toBe('2025-09-07');
    // The repeated hour in autumn takes its first occurrence.
    expect(instantAt('2025-11-02', '01:30', 'America/New_York').toISOString()).toBe(
      '2025-11-02T05:30:00.000Z',
    );
  });
  it('counts days and weekdays by the calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-29')).toBe(0); // a Sunday
    expect(weekdayOf('2026-11-30')).toBe(1);
  });
});

describe('opening hours of a day', () => {
  it('takes the weekday, unless a special day replaces it', () => {
    expect(openingOn(rules, '2026-11-29')).toEqual({ opens: '10:00', closes: '16:00' });
    expect(openingOn(rules, '2026-11-30')).toEqual({ opens: '09:00', closes: '18:00' });
    expect(openingOn(rules, '2026-12-24')).toEqual({ opens: '09:00', closes: '14:00' });
    expect(isClosedOn(rules, '2026-12-25')).toBe(true);
    expect(isClosedOn(rules, '2026-12-26')).toBe(false);
  });
  it('is closed on a weekday marked closed', () => {
    const sundaysOff = { ...rules, week: rules.week.map((d, i) => (i === 0 ? { ...d, closed: true } : d)) };
    expect(isClosedOn(sundaysOff, '2026-11-29')).toBe(true);
  });
});

describe('adjust_plan_to_business_hours', () => {
  it('leaves a period inside opening hours as it is', () => {
    const start = at('2026-11-30', '10:00');
    const finish = at('2026-12-02', '17:00');
    expect(adjust(start, finish)).toEqual({ start, finish });
  });
  it('moves a start before opening to that day’s opening', () => {
    expect(adjust(at('2026-11-30', '07:30'), at('2026-12-01', '12:00')).start).toEqual(
      at('2026-11-30', '09:00'),
    );
  });
  it('moves a start after closing to the next opening', () => {
    expect(adjust(at('2026-11-30', '19:00'), at('2026-12-03', '12:00')).start).toEqual(
      at('2026-12-01', '09:00'),
    );
  });
  it('moves a start on a closed day, or at closing time, to the next opening', () => {
    expect(adjust(at('2026-12-25', '11:00'), at('2026-12-28', '12:00')).start).toEqual(
      at('2026-12-26', '09:00'),
    );
    expect(adjust(at('2026-11-30', '18:00'), at('2026-12-03', '12:00')).start).toEqual(
      at('2026-12-01', '09:00'),
    );
  });
  it('takes a return after closing at the next opening, and keeps one at closing time', () => {
    const start = at('2026-11-30', '10:00');
    expect(adjust(start, at('2026-12-01', '20:00')).finish).toEqual(at('2026-12-02', '09:00'));
    expect(adjust(start, at('2026-12-01', '18:00')).finish).toEqual(at('2026-12-01', '18:00'));
    // Saturday evening: Sunday opens at 10.
    expect(adjust(start, at('2026-12-05', '19:00')).finish).toEqual(at('2026-12-06', '10:00'));
    // A return due on Christmas is taken the next day.
    expect(adjust(start, at('2026-12-25', '12:00')).finish).toEqual(at('2026-12-26', '09:00'));
  });
  it('follows a special day’s shorter hours', () => {
    expect(adjust(at('2026-12-23', '10:00'), at('2026-12-24', '15:00')).finish).toEqual(
      at('2026-12-26', '09:00'),
    );
  });
  it('ends at the start day’s closing when the moved finish would not come after the start', () => {
    // Asked 19:00 to 21:00 on Monday: both move to Tuesday's opening; the rental keeps Tuesday.
    expect(adjust(at('2026-11-30', '19:00'), at('2026-11-30', '21:00'))).toEqual({
      start: at('2026-12-01', '09:00'),
      finish: at('2026-12-01', '18:00'),
    });
  });
  it('leaves the period when the location never opens', () => {
    const never = { ...rules, week: rules.week.map((d) => ({ ...d, closed: true })), special: new Map() };
    const start = at('2026-11-30', '07:00');
    const finish = at('2026-12-01', '07:00');
    expect(adjustToBusinessHours(never, start, finish)).toEqual({ start, finish });
  });
});
