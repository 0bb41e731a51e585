import { describe, expect, it } from 'vitest';
import { leaderAvailableAt, type WeeklyRange } from '../src/tour-leader-availability.ts';

// 2026-05-12 is a Tuesday (weekday 2).
const week: WeeklyRange[] = [
  { weekday: 2, starts: '08:00', ends: '12:00' },
  { weekday: 2, starts: '14:00', ends: '18:00' },
  { weekday: 6, starts: '20:00', ends: '24:00' },
];

describe('leaderAvailableAt', () => {
  it('is always available without weekly hours or days off', () => {
    expect(leaderAvailableAt([], [], '2026-05-12T03:00', '2026-05-13T02:00')).toEqual({ ok: true });
  });

  it('takes a departure inside one range of the weekday, edges included', () => {
    expect(leaderAvailableAt(week, [], '2026-05-12T08:00', '2026-05-12T12:00')).toEqual({ ok: true });
    expect(leaderAvailableAt(week, [], '2026-05-12T14:30:00', '2026-05-12T16:00:00')).toEqual({ ok: true });
  });

  it('refuses a departure outside the ranges, across two ranges or on another weekday', () => {
    expect(leaderAvailableAt(week, [], '2026-05-12T07:59', '2026-05-12T10:00')).toEqual({
      ok: false,
      reason: 'hours',
    });
    expect(leaderAvailableAt(week, [], '2026-05-12T11:00', '2026-05-12T15:00')).toEqual({
      ok: false,
      reason: 'hours',
    });
    expect(leaderAvailableAt(week, [], '2026-05-13T09:00', '2026-05-13T10:00')).toEqual({
      ok: false,
      reason: 'hours',
    });
  });

  it('refuses a departure crossing midnight when the leader has weekly hours', () => {
    // Saturday 2026-05-16 22:00 to Sunday 01:00: no single day's range holds it.
    expect(leaderAvailableAt(week, [], '2026-05-16T22:00', '2026-05-17T01:00')).toEqual({
      ok: false,
      reason: 'hours',
    });
  });

  it('takes a departure ending at midnight within a range until 24:00', () => {
    // Saturday 20:00-24:00; the departure ends at 00:00 on Sunday, which is 24:00 on Saturday.
    expect(leaderAvailableAt(week, [], '2026-05-16T22:00', '2026-05-17T00:00')).toEqual({ ok: true });
    expect(leaderAvailableAt(week, [], '2026-05-16T20:00:00', '2026-05-17T00:00:00')).toEqual({ ok: true });
    // Not within a range ending earlier, nor a day off on the Sunday.
    const early: WeeklyRange[] = [{ weekday: 6, starts: '20:00', ends: '23:30' }];
    expect(leaderAvailableAt(early, [], '2026-05-16T22:00', '2026-05-17T00:00')).toEqual({
      ok: false,
      reason: 'hours',
    });
    const sunday = [{ first_day: '2026-05-17', last_day: '2026-05-17' }];
    expect(leaderAvailableAt(week, sunday, '2026-05-16T22:00', '2026-05-17T00:00')).toEqual({ ok: true });
  });

  it('refuses any day off the departure touches, first and last days included', () => {
    const off = [{ first_day: '2026-05-10', last_day: '2026-05-12' }];
    expect(leaderAvailableAt(week, off, '2026-05-12T09:00', '2026-05-12T10:00')).toEqual({
      ok: false,
      reason: 'day_off',
    });
    expect(leaderAvailableAt([], off, '2026-05-09T22:00', '2026-05-10T01:00')).toEqual({
      ok: false,
      reason: 'day_off',
    });
    expect(leaderAvailableAt([], off, '2026-05-13T09:00', '2026-05-13T10:00')).toEqual({ ok: true });
    // Ending at midnight does not touch the next day.
    expect(leaderAvailableAt([], off, '2026-05-09T20:00', '2026-05-10T00:00')).toEqual({ ok: true });
  });
});
