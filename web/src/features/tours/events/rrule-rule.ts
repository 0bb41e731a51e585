/*
 * The repeat rule of a schedule as the builder edits it, and the RRULE body (RFC 5545) the server expands.
 * Only the body travels: the first and last day and the start time bound and place it on the location's
 * wall clock, so no DTSTART, UNTIL or TZID is ever written here.
 */

/** RFC 5545 weekday codes, Monday first as the spec orders them. */
export const ruleWeekdays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type RuleWeekday = (typeof ruleWeekdays)[number];

export const ruleFrequencies = ['weekly', 'daily', 'monthly'] as const;
export type RuleFrequency = (typeof ruleFrequencies)[number];

export const MAX_RULE_INTERVAL = 52;

export interface RepeatRule {
  frequency: RuleFrequency;
  /** Every n weeks, days or months (1 = every one). */
  interval: number;
  /** Weekly only: the days of the week, at least one. */
  weekdays: readonly RuleWeekday[];
  /** Monthly only: the day of the month, 1 to 31 (a month without it is skipped, as RFC 5545 says). */
  monthDay: number;
}

export const defaultRepeatRule: RepeatRule = { frequency: 'weekly', interval: 1, weekdays: [], monthDay: 1 };

/** What keeps a rule from being written: no weekday picked, or a number out of range. */
export type RuleProblem = 'weekdays' | 'interval' | 'month_day';

export function ruleProblem(rule: RepeatRule): RuleProblem | null {
  if (!Number.isInteger(rule.interval) || rule.interval < 1 || rule.interval > MAX_RULE_INTERVAL)
    return 'interval';
  if (rule.frequency === 'weekly' && rule.weekdays.length === 0) return 'weekdays';
  if (
    rule.frequency === 'monthly' &&
    (!Number.isInteger(rule.monthDay) || rule.monthDay < 1 || rule.monthDay > 31)
  )
    return 'month_day';
  return null;
}

/**
 * The RRULE body of a rule ("FREQ=WEEKLY;BYDAY=TU,TH"), weekdays in week order whatever order they were
 * picked in, INTERVAL only when above 1; null while the rule has a problem.
 */
export function buildRrule(rule: RepeatRule): string | null {
  if (ruleProblem(rule) !== null) return null;
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === 'weekly')
    parts.push(`BYDAY=${ruleWeekdays.filter((day) => rule.weekdays.includes(day)).join(',')}`);
  if (rule.frequency === 'monthly') parts.push(`BYMONTHDAY=${rule.monthDay}`);
  return parts.join(';');
}

/** The rule of an RRULE body this builder wrote; null for anything it cannot show (another tool's rule). */
export function parseRrule(body: string): RepeatRule | null {
  const fields = new Map<string, string>();
  for (const part of body.trim().toUpperCase().split(';')) {
    const [key, value, extra] = part.split('=');
    if (key === undefined || value === undefined || extra !== undefined || fields.has(key)) return null;
    fields.set(key, value);
  }
  const frequency = ruleFrequencies.find((f) => f.toUpperCase() === fields.get('FREQ'));
  if (frequency === undefined) return null;
  const known = new Set(['FREQ', 'INTERVAL', frequency === 'weekly' ? 'BYDAY' : 'BYMONTHDAY']);
  if (frequency === 'daily') known.delete('BYMONTHDAY');
  if ([...fields.keys()].some((key) => !known.has(key))) return null;
  const interval = fields.has('INTERVAL') ? Number(fields.get('INTERVAL')) : 1;
  const days = (fields.get('BYDAY') ?? '').split(',').filter((day) => day !== '');
  if (days.some((day) => !(ruleWeekdays as readonly string[]).includes(day))) return null;
  const rule: RepeatRule = {
    frequency,
    interval,
    weekdays: days as RuleWeekday[],
    monthDay: fields.has('BYMONTHDAY') ? Number(fields.get('BYMONTHDAY')) : 1,
  };
  return ruleProblem(rule) === null
    ? { ...rule, weekdays: ruleWeekdays.filter((d) => days.includes(d)) }
    : null;
}

/** Adds or removes one exception day, keeping the list sorted and without repeats. */
export function toggleExceptionDay(days: readonly string[], day: string): string[] {
  return days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort();
}
