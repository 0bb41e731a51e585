import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../../lib/format.ts';
import {
  calendarDay,
  calendarInstant,
  calendarLocalInput,
  calendarNow,
  calendarRange,
  calendarWallTime,
} from './calendar-time.ts';
import { calendarCodec } from './calendar-url-state.ts';

afterEach(() => setDisplayTimeZone(null));

// What FullCalendar (timeZone 'UTC') hands back: the wall clock in the UTC fields.
const calendarDate = (y: number, m: number, d: number, h = 0, min = 0) =>
  new Date(Date.UTC(y, m - 1, d, h, min));

describe('the calendar shows the location’s wall clock', () => {
  it('feeds instants as the location’s local time, on both sides of the spring change', () => {
    setDisplayTimeZone('Europe/Madrid');
    // 2026-03-29 at 02:00 Madrid goes from UTC+1 to UTC+2: a 09:00 tour is 08:00Z before and 07:00Z after.
    expect(calendarWallTime('2026-03-28T08:00:00Z')).toBe('2026-03-28T09:00:00');
    expect(calendarWallTime('2026-03-30T07:00:00Z')).toBe('2026-03-30T09:00:00');
    setDisplayTimeZone('America/New_York');
    expect(calendarWallTime('2026-03-28T13:00:00Z')).toBe('2026-03-28T09:00:00');
    expect(calendarWallTime('nonsense')).toBe('');
  });

  it('reads a dropped date back as the instant at the location, across the DST change', () => {
    setDisplayTimeZone('Europe/Madrid');
    // Dragged from Saturday 09:00 (UTC+1) to Monday 09:00 (UTC+2): the same wall time, one hour less UTC.
    expect(calendarInstant(calendarDate(2026, 3, 28, 9))).toBe('2026-03-28T08:00:00.000Z');
    expect(calendarInstant(calendarDate(2026, 3, 30, 9))).toBe('2026-03-30T07:00:00.000Z');
    // 02:30 on the change day never happens: it means 03:30 summer time.
    expect(calendarInstant(calendarDate(2026, 3, 29, 2, 30))).toBe('2026-03-29T01:30:00.000Z');
    // Round trip of any instant.
    expect(calendarInstant(new Date(`${calendarWallTime('2026-10-25T00:30:00Z')}Z`))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('asks for the visible range from local midnight to local midnight', () => {
    setDisplayTimeZone('Europe/Madrid');
    // March 2026's month grid: Monday 23 February to Monday 6 April (exclusive), over the change.
    expect(calendarRange(calendarDate(2026, 2, 23), calendarDate(2026, 4, 6))).toEqual({
      from: '2026-02-22T23:00:00.000Z',
      to: '2026-04-05T22:00:00.000Z',
    });
  });

  it('names days and times from the calendar’s fields, not the browser’s zone', () => {
    const date = calendarDate(2026, 12, 31, 23, 45);
    expect(calendarLocalInput(date)).toBe('2026-12-31T23:45');
    expect(calendarDay(date)).toBe('2026-12-31');
    setDisplayTimeZone('Asia/Tokyo');
    expect(calendarNow(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01T05:00:00');
  });
});

describe('the calendar’s address', () => {
  const defaults = calendarCodec.defaults(0);

  it('reads view, date and filters, dropping what is not valid', () => {
    expect(
      calendarCodec.parse('view=week&date=2026-05-12&group_id=3&definition_id=7', undefined, defaults),
    ).toEqual({ view: 'week', date: '2026-05-12', groupId: 3, definitionId: 7 });
    expect(calendarCodec.parse('view=year&date=2026-02-30&group_id=x', undefined, defaults)).toEqual({
      view: 'month',
    });
  });

  it('writes only what differs from the defaults, and clears a filter set to undefined', () => {
    expect(calendarCodec.serialize({ view: 'month' }, defaults)).toBe('');
    expect(calendarCodec.serialize({ view: 'day', date: '2026-05-12', groupId: 2 }, defaults)).toBe(
      'view=day&date=2026-05-12&group_id=2',
    );
    expect(calendarCodec.update({ view: 'week', groupId: 2 }, { groupId: undefined })).toEqual({
      view: 'week',
    });
  });
});
