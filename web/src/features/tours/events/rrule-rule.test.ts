import { describe, expect, it } from 'vitest';
import { buildRrule, defaultRepeatRule, parseRrule, ruleProblem, toggleExceptionDay } from './rrule-rule.ts';

describe('the RRULE body of a repeat rule', () => {
  it('writes weekly days in week order, whatever order they were picked in', () => {
    expect(buildRrule({ ...defaultRepeatRule, weekdays: ['TH', 'TU'] })).toBe('FREQ=WEEKLY;BYDAY=TU,TH');
    expect(buildRrule({ ...defaultRepeatRule, weekdays: ['SU', 'MO', 'SA'] })).toBe(
      'FREQ=WEEKLY;BYDAY=MO,SA,SU',
    );
  });

  it('writes INTERVAL only above 1', () => {
    expect(buildRrule({ ...defaultRepeatRule, interval: 2, weekdays: ['WE'] })).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE',
    );
    expect(buildRrule({ ...defaultRepeatRule, frequency: 'daily', weekdays: ['WE'] })).toBe('FREQ=DAILY');
    expect(buildRrule({ ...defaultRepeatRule, frequency: 'daily', interval: 3 })).toBe(
      'FREQ=DAILY;INTERVAL=3',
    );
  });

  it('writes a monthly rule on a day of the month, ignoring the weekdays', () => {
    expect(buildRrule({ frequency: 'monthly', interval: 1, weekdays: ['MO'], monthDay: 15 })).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=15',
    );
  });

  it('writes nothing for a weekly rule without a day or a number out of range', () => {
    expect(ruleProblem(defaultRepeatRule)).toBe('weekdays');
    expect(buildRrule(defaultRepeatRule)).toBeNull();
    expect(buildRrule({ ...defaultRepeatRule, frequency: 'daily', interval: 0 })).toBeNull();
    expect(buildRrule({ ...defaultRepeatRule, frequency: 'daily', interval: 1.5 })).toBeNull();
    expect(buildRrule({ ...defaultRepeatRule, frequency: 'daily', interval: 53 })).toBeNull();
    expect(ruleProblem({ ...defaultRepeatRule, frequency: 'monthly', monthDay: 32 })).toBe('month_day');
  });

  it('reads back what it writes', () => {
    const rules = [
      { frequency: 'weekly', interval: 1, weekdays: ['TU', 'TH'], monthDay: 1 },
      { frequency: 'weekly', interval: 2, weekdays: ['SA'], monthDay: 1 },
      { frequency: 'daily', interval: 1, weekdays: [], monthDay: 1 },
      { frequency: 'monthly', interval: 3, weekdays: [], monthDay: 31 },
    ] as const;
    for (const rule of rules) expect(parseRrule(buildRrule(rule)!)).toEqual(rule);
  });

  it('refuses bodies it cannot show', () => {
    expect(parseRrule('FREQ=YEARLY')).toBeNull();
    expect(parseRrule('FREQ=WEEKLY;BYDAY=1MO')).toBeNull();
    expect(parseRrule('FREQ=WEEKLY;BYDAY=TU;COUNT=4')).toBeNull();
    expect(parseRrule('FREQ=DAILY;BYMONTHDAY=2')).toBeNull();
    expect(parseRrule('FREQ=WEEKLY')).toBeNull();
    expect(parseRrule('FREQ=DAILY;FREQ=DAILY')).toBeNull();
  });
});

describe('exception days', () => {
  it('adds in date order and removes a day picked again', () => {
    const days = toggleExceptionDay(toggleExceptionDay([], '2027-06-10'), '2027-05-04');
    expect(days).toEqual(['2027-05-04', '2027-06-10']);
    expect(toggleExceptionDay(days, '2027-06-10')).toEqual(['2027-05-04']);
  });
});
