import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone, wallClock } from '../../../lib/format.ts';
import { dayOfMonth, daysInMonth, formatWithPattern, splitPattern } from './date-pattern.ts';

afterEach(() => setDisplayTimeZone(null));

describe('calendar_date_time_format', () => {
  const date = { year: 2031, month: 3, day: 7, hour: 15, minute: 5, second: 0 };
  it('formats moment-style tokens', () => {
    expect(formatWithPattern(date, 'MM/DD/YYYY hh:mm A', 'en-US')).toBe('03/07/2031 03:05 PM');
    expect(formatWithPattern(date, 'DD.MM.YY HH:mm', 'en-US')).toBe('07.03.31 15:05');
  });
  it('splits the date from the time', () => {
    expect(splitPattern('MM/DD/YYYY hh:mm A')).toEqual({ date: 'MM/DD/YYYY', time: 'hh:mm A' });
    expect(splitPattern('YYYY-MM-DD')).toEqual({ date: 'YYYY-MM-DD', time: 'HH:mm' });
  });
  it('knows the length of a month', () => {
    expect(daysInMonth('2031-02')).toBe(28);
    expect(daysInMonth('2032-02')).toBe(29);
  });
  it('names a day of a month by its own date, whatever the clock', () => {
    expect(formatWithPattern(dayOfMonth('2031-03', 9), 'ddd D MMM YYYY', 'en-US')).toBe('Sun 9 Mar 2031');
    expect(formatWithPattern(dayOfMonth('2031-03', 9), 'dddd D MMMM', 'es-ES')).toBe('domingo 9 marzo');
  });
  it('shows an instant on the location’s clock', () => {
    setDisplayTimeZone('America/Los_Angeles');
    expect(formatWithPattern(wallClock('2031-03-07T23:05:00Z')!, 'MM/DD/YYYY hh:mm A', 'en-US')).toBe(
      '03/07/2031 03:05 PM',
    );
    setDisplayTimeZone('Europe/Madrid');
    expect(formatWithPattern(wallClock('2031-03-07T23:05:00Z')!, 'ddd HH:mm', 'en-US')).toBe('Sat 00:05');
  });
});
