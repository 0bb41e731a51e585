import { wallMs } from './wall-clock.ts';

/**
 * The rent price of one product for a period, as a pure rule shared by the server (the quote and the order,
 * orders/order-service.ts) and the price settings' preview. Amounts are integer minor units, percentages
 * basis points. Lengths are read on the location's wall clock, so "1 day" across a clock change is a day.
 */

export type RentalPeriodUnit = 'hour' | 'day' | 'week';

export const UNIT_MINUTES: Record<RentalPeriodUnit, number> = { hour: 60, day: 1440, week: 10080 };

/** A length the location rents for (rental_periods). */
export interface RentalPeriodRule {
  name: string;
  unit: RentalPeriodUnit;
  count: number;
  is_active: boolean;
}

/** A rate row (rent_rates) of the product or its category; a null rate is not offered. */
export interface RentRates {
  hourly_minor: number | null;
  daily_minor: number | null;
  weekly_minor: number | null;
  first_hour_minor: number | null;
  extra_hour_minor: number | null;
  minimum_charge_minor: number;
}

export type SpecialKind = 'weekend' | 'season' | 'category';

/** A special pricing rule (special_pricing_rules); dates are "YYYY-MM-DD" of the location, inclusive. */
export interface SpecialRule {
  name: string;
  kind: SpecialKind;
  category_id: number | null;
  date_from: string | null;
  date_to: string | null;
  adjust_bp: number;
  is_active: boolean;
}

export interface RentPriceInput {
  product: { price_minor: number; hourly_price_minor: number | null; category_id: number | null };
  /** The product's own rates, else its category's; null: price_minor per started day, as always. */
  rates: RentRates | null;
  /** The active rules apply only with the activity switch special_pricing on; pass [] when it is off. */
  specials: readonly SpecialRule[];
  timeZone: string;
  start: Date;
  finish: Date;
}

export type PricePartUnit = 'week' | 'day' | 'hour' | 'first_hour' | 'extra_hour';

export interface RentPrice {
  /** What the rental costs: base plus the adjustments, never below zero. */
  price_minor: number;
  /** 'per_day': no rates, price_minor per started day; 'rates': the cheapest combination of the rates. */
  rule: 'per_day' | 'rates';
  parts: { unit: PricePartUnit; count: number; unit_price_minor: number; amount_minor: number }[];
  /** The parts' sum, or the minimum charge when that is more. */
  base_minor: number;
  minimum_applied: boolean;
  /** Each special rule that applied; share_bp: the share of the period (or the price) it covers. */
  adjustments: {
    name: string;
    kind: SpecialKind;
    adjust_bp: number;
    share_bp: number;
    amount_minor: number;
  }[];
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-03, a Saturday: where weekend time is counted from. */
const FIRST_SATURDAY_MS = 2 * DAY_MS;

/** The wall clock of an instant, to the minute: lengths are counted in whole minutes. */
function wallMinuteMs(at: Date, timeZone: string): number {
  return Math.floor(wallMs(at, timeZone) / MINUTE_MS) * MINUTE_MS;
}

/** The period's length in whole minutes of the location's wall clock (at least one). */
export function wallMinutes(start: Date, finish: Date, timeZone: string): number {
  const ms = wallMinuteMs(finish, timeZone) - wallMinuteMs(start, timeZone);
  return Math.max(1, Math.ceil(ms / MINUTE_MS));
}

/** enforce_using_rental_periods: the active period whose length the planned period has, else null. */
export function matchingRentalPeriod<P extends RentalPeriodRule>(
  periods: readonly P[],
  start: Date,
  finish: Date,
  timeZone: string,
): P | null {
  const minutes = wallMinutes(start, finish, timeZone);
  return periods.find((p) => p.is_active && p.count * UNIT_MINUTES[p.unit] === minutes) ?? null;
}

/** a * b / c rounded half away from zero, exact for amounts far beyond 2^53 in the product. */
function mulDiv(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  const sign = n < 0n ? -1n : 1n;
  const abs = n * sign;
  return Number(((abs * 2n + d) / (2n * d)) * sign);
}

interface Combination {
  cost: number;
  parts: RentPrice['parts'];
}

/** Hours priced by the rates: first hour + extra hours when set, else the hourly rate; null: not offered. */
function hoursPrice(rates: RentRates, hourly: number | null, hours: number): Combination | null {
  if (hours === 0) return { cost: 0, parts: [] };
  if (rates.first_hour_minor !== null) {
    const extra = rates.extra_hour_minor ?? hourly ?? rates.first_hour_minor;
    const parts: RentPrice['parts'] = [
      {
        unit: 'first_hour',
        count: 1,
        unit_price_minor: rates.first_hour_minor,
        amount_minor: rates.first_hour_minor,
      },
    ];
    if (hours > 1)
      parts.push({
        unit: 'extra_hour',
        count: hours - 1,
        unit_price_minor: extra,
        amount_minor: extra * (hours - 1),
      });
    return { cost: rates.first_hour_minor + extra * (hours - 1), parts };
  }
  if (hourly === null) return null;
  return {
    cost: hourly * hours,
    parts: [{ unit: 'hour', count: hours, unit_price_minor: hourly, amount_minor: hourly * hours }],
  };
}

/**
 * The cheapest way to cover the hours with weeks, days and hours (8 days: a week and a day when that is
 * cheaper than 8 days). Ties go to the larger units, which read better on a quote. The cost is affine in the
 * days for a given number of weeks, so only the ends of its range are tried.
 */
function cheapest(rates: RentRates, product: RentPriceInput['product'], totalHours: number): Combination {
  const daily = rates.daily_minor ?? product.price_minor;
  const hourly = rates.hourly_minor ?? product.hourly_price_minor;
  const hoursOffered = rates.first_hour_minor !== null || hourly !== null;
  const maxWeeks = rates.weekly_minor === null ? 0 : Math.ceil(totalHours / 168);
  let best: Combination | null = null;
  for (let weeks = maxWeeks; weeks >= 0; weeks--) {
    const rest = Math.max(0, totalHours - weeks * 168);
    const dayCounts = new Set([Math.ceil(rest / 24)]);
    if (hoursOffered && rest > 0) {
      dayCounts.add(Math.floor((rest - 1) / 24));
      dayCounts.add(0);
    }
    for (const days of [...dayCounts].sort((a, b) => b - a)) {
      const hours = hoursPrice(rates, hourly, Math.max(0, rest - days * 24));
      if (!hours) continue;
      const parts: RentPrice['parts'] = [];
      if (weeks > 0)
        parts.push({
          unit: 'week',
          count: weeks,
          unit_price_minor: rates.weekly_minor!,
          amount_minor: rates.weekly_minor! * weeks,
        });
      if (days > 0)
        parts.push({ unit: 'day', count: days, unit_price_minor: daily, amount_minor: daily * days });
      parts.push(...hours.parts);
      const cost = parts.reduce((sum, p) => sum + p.amount_minor, 0);
      if (!best || cost < best.cost) best = { cost, parts };
    }
  }
  return best!;
}

/**
 * Weekend time from the first Saturday of 1970 up to `t` (wall clock ms, negative before it): whole weeks
 * count two days each, the week `t` falls in up to its Sunday's end. Constant time whatever the period's
 * length; the wall clock has 24-hour days, so a clock change does not shift it.
 */
function weekendMsBefore(t: number): number {
  const sinceSaturday = t - FIRST_SATURDAY_MS;
  const weeks = Math.floor(sinceSaturday / WEEK_MS);
  return weeks * 2 * DAY_MS + Math.min(sinceSaturday - weeks * WEEK_MS, 2 * DAY_MS);
}

/** Minutes of [from, to) (wall clock ms) on a Saturday or a Sunday. */
function weekendMinutes(from: number, to: number): number {
  return (weekendMsBefore(to) - weekendMsBefore(from)) / MINUTE_MS;
}

/** Minutes of [from, to) (wall clock ms) on the days from `dateFrom` to `dateTo` ("YYYY-MM-DD", inclusive). */
function daysMinutes(from: number, to: number, dateFrom: string, dateTo: string): number {
  const first = Date.parse(`${dateFrom}T00:00:00Z`);
  const end = Date.parse(`${dateTo}T00:00:00Z`) + DAY_MS;
  return Math.max(0, Math.min(to, end) - Math.max(from, first)) / MINUTE_MS;
}

/** The price of one unit of the product for the period, with how it was reached. */
export function priceRent(input: RentPriceInput): RentPrice {
  const { product, rates, start, finish, timeZone } = input;
  let rule: RentPrice['rule'];
  let parts: RentPrice['parts'];
  let base: number;
  let minimumApplied = false;
  if (rates === null) {
    // As before price settings existed: the day price per started 24 hours, at least one day.
    const days = Math.max(1, Math.ceil((finish.getTime() - start.getTime()) / DAY_MS));
    rule = 'per_day';
    parts = [
      {
        unit: 'day',
        count: days,
        unit_price_minor: product.price_minor,
        amount_minor: product.price_minor * days,
      },
    ];
    base = product.price_minor * days;
  } else {
    rule = 'rates';
    const combination = cheapest(rates, product, Math.ceil(wallMinutes(start, finish, timeZone) / 60));
    parts = combination.parts;
    base = combination.cost;
    if (rates.minimum_charge_minor > base) {
      base = rates.minimum_charge_minor;
      minimumApplied = true;
    }
  }

  const from = wallMinuteMs(start, timeZone);
  const to = Math.max(from + MINUTE_MS, wallMinuteMs(finish, timeZone));
  const total = (to - from) / MINUTE_MS;
  const adjustments: RentPrice['adjustments'] = [];
  for (const special of input.specials) {
    if (!special.is_active) continue;
    if (special.category_id !== null && special.category_id !== product.category_id) continue;
    let covered = total;
    if (special.kind === 'weekend') covered = weekendMinutes(from, to);
    else if (special.kind === 'season') covered = daysMinutes(from, to, special.date_from!, special.date_to!);
    if (covered <= 0) continue;
    adjustments.push({
      name: special.name,
      kind: special.kind,
      adjust_bp: special.adjust_bp,
      share_bp: mulDiv(covered, 10_000, total),
      amount_minor: mulDiv(base, Math.round(covered) * special.adjust_bp, Math.round(total) * 10_000),
    });
  }
  const adjusted = base + adjustments.reduce((sum, a) => sum + a.amount_minor, 0);
  return {
    price_minor: Math.max(0, adjusted),
    rule,
    parts,
    base_minor: base,
    minimum_applied: minimumApplied,
    adjustments,
  };
}
