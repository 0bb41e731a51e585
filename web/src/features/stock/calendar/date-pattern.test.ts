import { describe, expect, it } from 'vitest';
import { dayOfMonth, daysInMonth, formatWithPattern, splitPattern } from './date-pattern.ts';

describe('calendar_date_time_format', () => {
  const date = new Date(2031, 2, 7, 15, 5);
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
  });
});
