import { describe, expect, it } from 'vitest';
import {
  matchingRentalPeriod,
  priceRent,
  wallMinutes,
  type RentRates,
  type SpecialRule,
} from '../src/rent-pricing.ts';
import { wallMs } from '../src/wall-clock.ts';
import { pricePreviewRequest } from '../src/schemas/price-settings.ts';
import { RENT_PERIOD_MAX_DAYS, rentOrderCreate, rentOrderQuote } from '../src/schemas/orders.ts';
import { orderPeriodForm } from '../src/schemas/order-forms.ts';

const product = { price_minor: 1000, hourly_price_minor: null, category_id: 7 };
const noRates: RentRates = {
  hourly_minor: null,
  daily_minor: null,
  weekly_minor: null,
  first_hour_minor: null,
  extra_hour_minor: null,
  minimum_charge_minor: 0,
};
const at = (iso: string) => new Date(iso);
const price = (over: Partial<Parameters<typeof priceRent>[0]> & { from: string; to: string }) =>
  priceRent({
    product,
    rates: null,
    specials: [],
    timeZone: 'UTC',
    start: at(over.from),
    finish: at(over.to),
    ...over,
  });
const rule = (over: Partial<SpecialRule>): SpecialRule => ({
  name: 'Weekend',
  kind: 'weekend',
  category_id: null,
  date_from: null,
  date_to: null,
  adjust_bp: 2000,
  is_active: true,
  ...over,
});

describe('priceRent without rates', () => {
  it('charges the day price per started day, at least one, as before price settings', () => {
    expect(price({ from: '2026-03-02T10:00:00Z', to: '2026-03-02T12:00:00Z' }).price_minor).toBe(1000);
    expect(price({ from: '2026-03-02T10:00:00Z', to: '2026-03-05T10:00:00Z' }).price_minor).toBe(3000);
    expect(price({ from: '2026-03-02T10:00:00Z', to: '2026-03-05T10:01:00Z' }).price_minor).toBe(4000);
    const p = price({ from: '2026-03-02T10:00:00Z', to: '2026-03-04T10:00:00Z' });
    expect(p.rule).toBe('per_day');
    expect(p.parts).toEqual([{ unit: 'day', count: 2, unit_price_minor: 1000, amount_minor: 2000 }]);
  });

  it('ignores the product hourly price', () => {
    const p = priceRent({
      product: { ...product, hourly_price_minor: 100 },
      rates: null,
      specials: [],
      timeZone: 'UTC',
      start: at('2026-03-02T10:00:00Z'),
      finish: at('2026-03-02T12:00:00Z'),
    });
    expect(p.price_minor).toBe(1000);
  });
});

describe('priceRent with rates', () => {
  it('takes a week and a day for 8 days when a weekly rate is set', () => {
    const p = price({
      rates: { ...noRates, weekly_minor: 5000 },
      from: '2026-03-02T10:00:00Z',
      to: '2026-03-10T10:00:00Z',
    });
    expect(p.price_minor).toBe(6000);
    expect(p.parts.map((x) => [x.unit, x.count])).toEqual([
      ['week', 1],
      ['day', 1],
    ]);
  });

  it('takes a whole week when it is cheaper than the days left', () => {
    const p = price({
      rates: { ...noRates, weekly_minor: 5000 },
      from: '2026-03-02T10:00:00Z',
      to: '2026-03-08T10:00:00Z',
    });
    expect(p.price_minor).toBe(5000);
    expect(p.parts).toEqual([{ unit: 'week', count: 1, unit_price_minor: 5000, amount_minor: 5000 }]);
  });

  it('prefers the week on a tie', () => {
    const p = price({
      rates: { ...noRates, weekly_minor: 7000 },
      from: '2026-03-02T10:00:00Z',
      to: '2026-03-09T10:00:00Z',
    });
    expect(p.price_minor).toBe(7000);
    expect(p.parts.map((x) => x.unit)).toEqual(['week']);
  });

  it('uses the rate daily price over the product price', () => {
    const p = price({
      rates: { ...noRates, daily_minor: 800 },
      from: '2026-03-02T10:00:00Z',
      to: '2026-03-04T10:00:00Z',
    });
    expect(p.price_minor).toBe(1600);
  });

  it('prices hours when an hourly rate is set and they are cheaper than a day', () => {
    const rates = { ...noRates, hourly_minor: 300 };
    expect(price({ rates, from: '2026-03-02T10:00:00Z', to: '2026-03-02T12:30:00Z' }).price_minor).toBe(900);
    // Five hours at 300 cost more than the day: the day.
    expect(price({ rates, from: '2026-03-02T10:00:00Z', to: '2026-03-02T15:00:00Z' }).price_minor).toBe(1000);
    // A day and two hours.
    const p = price({ rates, from: '2026-03-02T10:00:00Z', to: '2026-03-03T12:00:00Z' });
    expect(p.price_minor).toBe(1600);
    expect(p.parts.map((x) => [x.unit, x.count])).toEqual([
      ['day', 1],
      ['hour', 2],
    ]);
  });

  it('falls back on the product hourly price once a rate row exists', () => {
    const p = priceRent({
      product: { ...product, hourly_price_minor: 200 },
      rates: noRates,
      specials: [],
      timeZone: 'UTC',
      start: at('2026-03-02T10:00:00Z'),
      finish: at('2026-03-02T13:00:00Z'),
    });
    expect(p.price_minor).toBe(600);
  });

  it('charges the first hour and each extra hour', () => {
    const rates = { ...noRates, first_hour_minor: 400, extra_hour_minor: 150, daily_minor: 2000 };
    const p = price({ rates, from: '2026-03-02T10:00:00Z', to: '2026-03-02T13:00:00Z' });
    expect(p.price_minor).toBe(700);
    expect(p.parts).toEqual([
      { unit: 'first_hour', count: 1, unit_price_minor: 400, amount_minor: 400 },
      { unit: 'extra_hour', count: 2, unit_price_minor: 150, amount_minor: 300 },
    ]);
    expect(price({ rates, from: '2026-03-02T10:00:00Z', to: '2026-03-02T11:00:00Z' }).price_minor).toBe(400);
  });

  it('raises the price to the minimum charge', () => {
    const p = price({
      rates: { ...noRates, hourly_minor: 100, minimum_charge_minor: 500 },
      from: '2026-03-02T10:00:00Z',
      to: '2026-03-02T12:00:00Z',
    });
    expect(p.price_minor).toBe(500);
    expect(p.base_minor).toBe(500);
    expect(p.minimum_applied).toBe(true);
  });

  it('reads days on the wall clock across a clock change', () => {
    // Europe/Madrid moves to summer time on 2026-03-29: the day is 23 hours long.
    const p = priceRent({
      product,
      rates: { ...noRates, hourly_minor: 100 },
      specials: [],
      timeZone: 'Europe/Madrid',
      start: at('2026-03-28T09:00:00Z'),
      finish: at('2026-03-29T08:00:00Z'),
    });
    expect(p.parts.map((x) => [x.unit, x.count])).toEqual([['day', 1]]);
  });

  it('is never more than the per-day rule with the same daily price and extra rates', () => {
    const rates = { ...noRates, weekly_minor: 6000, hourly_minor: 250 };
    for (let hours = 1; hours < 24 * 40; hours += 7) {
      const finish = new Date(Date.parse('2026-03-02T00:00:00Z') + hours * 3_600_000).toISOString();
      const withRates = price({ rates, from: '2026-03-02T00:00:00Z', to: finish }).price_minor;
      const perDay = price({ from: '2026-03-02T00:00:00Z', to: finish }).price_minor;
      expect(withRates).toBeLessThanOrEqual(perDay);
    }
  });
});

describe('special pricing', () => {
  // 2026-03-07 is a Saturday.
  it('applies a weekend uplift to the share of the period on Saturday and Sunday', () => {
    const full = price({ specials: [rule({})], from: '2026-03-07T00:00:00Z', to: '2026-03-09T00:00:00Z' });
    expect(full.base_minor).toBe(2000);
    expect(full.adjustments).toEqual([
      { name: 'Weekend', kind: 'weekend', adjust_bp: 2000, share_bp: 10_000, amount_minor: 400 },
    ]);
    expect(full.price_minor).toBe(2400);
    // Friday to Monday: two of four days on the weekend.
    const half = price({ specials: [rule({})], from: '2026-03-06T00:00:00Z', to: '2026-03-10T00:00:00Z' });
    expect(half.adjustments[0]!.share_bp).toBe(5000);
    expect(half.price_minor).toBe(4000 + 400);
    // On weekdays only: nothing.
    const weekday = price({ specials: [rule({})], from: '2026-03-03T00:00:00Z', to: '2026-03-05T00:00:00Z' });
    expect(weekday.adjustments).toEqual([]);
    expect(weekday.price_minor).toBe(2000);
  });

  it('reads the weekend in the location time zone', () => {
    // Friday 23:00 UTC is Saturday 00:00 in Europe/Madrid (winter, UTC+1).
    const p = priceRent({
      product,
      rates: null,
      specials: [rule({})],
      timeZone: 'Europe/Madrid',
      start: at('2026-03-06T23:00:00Z'),
      finish: at('2026-03-07T23:00:00Z'),
    });
    expect(p.adjustments[0]!.share_bp).toBe(10_000);
  });

  it('applies a season discount on the days of its dates, inclusive', () => {
    const season = rule({
      name: 'Low season',
      kind: 'season',
      date_from: '2026-03-03',
      date_to: '2026-03-03',
      adjust_bp: -5000,
    });
    const p = price({ specials: [season], from: '2026-03-02T00:00:00Z', to: '2026-03-04T00:00:00Z' });
    expect(p.adjustments[0]).toMatchObject({ share_bp: 5000, amount_minor: -500 });
    expect(p.price_minor).toBe(1500);
  });

  it('applies a category rule only to its category', () => {
    const bikes = rule({ name: 'Bikes', kind: 'category', category_id: 7, adjust_bp: 1000 });
    const boats = rule({ name: 'Boats', kind: 'category', category_id: 8, adjust_bp: 1000 });
    const p = price({ specials: [bikes, boats], from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' });
    expect(p.adjustments.map((a) => a.name)).toEqual(['Bikes']);
    expect(p.price_minor).toBe(1100);
  });

  it('skips inactive rules and adds several on the base', () => {
    const p = price({
      specials: [
        rule({ is_active: false }),
        rule({ name: 'Any', kind: 'category', category_id: null, adjust_bp: 1000 }),
        rule({ name: 'W2' }),
      ],
      from: '2026-03-07T00:00:00Z',
      to: '2026-03-08T00:00:00Z',
    });
    expect(p.adjustments.map((a) => [a.name, a.amount_minor])).toEqual([
      ['Any', 100],
      ['W2', 200],
    ]);
    expect(p.price_minor).toBe(1300);
  });

  it('never goes below zero and rounds half away from zero', () => {
    const free = price({
      specials: [
        rule({ kind: 'category', adjust_bp: -10_000 }),
        rule({ name: 'x', kind: 'category', adjust_bp: -10_000 }),
      ],
      from: '2026-03-02T00:00:00Z',
      to: '2026-03-03T00:00:00Z',
    });
    expect(free.price_minor).toBe(0);
    const odd = priceRent({
      product: { ...product, price_minor: 5 },
      rates: null,
      specials: [rule({ kind: 'category', adjust_bp: 1000 })],
      timeZone: 'UTC',
      start: at('2026-03-02T00:00:00Z'),
      finish: at('2026-03-03T00:00:00Z'),
    });
    expect(odd.adjustments[0]!.amount_minor).toBe(1);
  });
});

describe('special pricing over long periods', () => {
  const rules = [
    rule({}),
    rule({ name: 'Weekend bikes', category_id: 7, adjust_bp: 500 }),
    rule({
      name: 'Summer',
      kind: 'season',
      date_from: '2027-07-01',
      date_to: '2027-08-31',
      adjust_bp: -3000,
    }),
    rule({ name: 'Winter', kind: 'season', date_from: '2020-12-01', date_to: '2026-03-03', adjust_bp: 1000 }),
    rule({ name: 'Bikes', kind: 'category', category_id: 7, adjust_bp: 1000 }),
  ];

  it('prices a three-year period with several rules by counting, not by walking the days', () => {
    // Midnight to midnight in Madrid, Monday 2026-03-02 to Friday 2029-03-02: 1096 days (2028 is a leap
    // year), 156 weeks and Monday to Thursday, so 312 weekend days; both ends in winter time, six clock
    // changes between them. (Under a millisecond; walking the days took about 1 ms a year per rule.)
    const p = priceRent({
      product,
      rates: null,
      specials: rules,
      timeZone: 'Europe/Madrid',
      start: at('2026-03-01T23:00:00Z'),
      finish: at('2029-03-01T23:00:00Z'),
    });
    expect(p.base_minor).toBe(1_096_000);
    expect(p.adjustments.map((a) => [a.name, a.share_bp, a.amount_minor])).toEqual([
      ['Weekend', 2847, 62_400],
      ['Weekend bikes', 2847, 15_600],
      ['Summer', 566, -18_600],
      ['Winter', 18, 200],
      ['Bikes', 10_000, 109_600],
    ]);
    expect(p.price_minor).toBe(1_096_000 + 62_400 + 15_600 - 18_600 + 200 + 109_600);
  });

  it('counts the same minutes as a walk over the days of the location, clock changes included', () => {
    // The rule as it was first written: each wall-clock day of the period, its minutes if the rule takes it.
    const walk = (from: number, to: number, on: (day: string, weekday: number) => boolean) => {
      let minutes = 0;
      for (let day = Math.floor(from / 86_400_000) * 86_400_000; day < to; day += 86_400_000) {
        const date = new Date(day);
        if (on(date.toISOString().slice(0, 10), date.getUTCDay()))
          minutes += (Math.min(to, day + 86_400_000) - Math.max(from, day)) / 60_000;
      }
      return minutes;
    };
    const season = rule({
      kind: 'season',
      date_from: '2026-10-20',
      date_to: '2026-11-02',
      adjust_bp: 10_000,
    });
    const weekend = rule({ adjust_bp: 10_000 });
    let seed = 18;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 300; i++) {
      // Starts around the October clock change, lengths from a few minutes to seven weeks.
      const start = new Date(Date.parse('2026-10-01T00:00:00Z') + Math.floor(random() * 50 * 1440) * 60_000);
      const finish = new Date(start.getTime() + Math.ceil(random() ** 2 * 49 * 1440) * 60_000);
      const from = wallMs(start, 'Europe/Madrid');
      const to = Math.max(from + 60_000, wallMs(finish, 'Europe/Madrid'));
      const total = (to - from) / 60_000;
      const p = priceRent({
        product: { ...product, price_minor: 1_000_000 },
        rates: null,
        specials: [weekend, season],
        timeZone: 'Europe/Madrid',
        start,
        finish,
      });
      const share = (covered: number) => Math.round((covered * 10_000) / total);
      const expected = [
        walk(from, to, (_day, weekday) => weekday === 0 || weekday === 6),
        walk(from, to, (day) => day >= season.date_from! && day <= season.date_to!),
      ];
      expect(p.adjustments.map((a) => [a.kind, a.share_bp])).toEqual(
        [
          ['weekend', share(expected[0]!)],
          ['season', share(expected[1]!)],
        ].filter((_, k) => expected[k]! > 0),
      );
    }
  });
});

describe('the longest rent period', () => {
  const start = '2026-03-02T10:00:00.000Z';
  const finishAfter = (days: number) => new Date(Date.parse(start) + days * 86_400_000).toISOString();
  const schemas = {
    preview: (finish: string) =>
      pricePreviewRequest.safeParse({
        location_id: 1,
        product_id: 1,
        planned_start: start,
        planned_finish: finish,
      }),
    quote: (finish: string) =>
      rentOrderQuote.safeParse({ planned_start: start, planned_finish: finish, items: [{ item_id: 1 }] }),
    create: (finish: string) =>
      rentOrderCreate.safeParse({
        customer_id: 1,
        planned_start: start,
        planned_finish: finish,
        items: [{ item_id: 1 }],
      }),
    wizard: (finish: string) => orderPeriodForm.safeParse({ planned_start: start, planned_finish: finish }),
  };

  it.each(Object.entries(schemas))('the %s takes three years and refuses a minute more', (_name, check) => {
    expect(check(finishAfter(RENT_PERIOD_MAX_DAYS)).success).toBe(true);
    const issues = check(finishAfter(RENT_PERIOD_MAX_DAYS + 1 / 1440)).error?.issues;
    expect(issues?.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['planned_finish', 'period_too_long'],
    ]);
    expect(check('9999-12-31T00:00:00.000Z').error?.issues.map((i) => i.message)).toEqual([
      'period_too_long',
    ]);
  });
});

describe('rental periods', () => {
  const periods = [
    { name: '4 hours', unit: 'hour' as const, count: 4, is_active: true },
    { name: '1 day', unit: 'day' as const, count: 1, is_active: true },
    { name: '1 week', unit: 'week' as const, count: 1, is_active: false },
  ];
  it('matches an active period of the same length', () => {
    const m = (from: string, to: string) =>
      matchingRentalPeriod(periods, at(from), at(to), 'UTC')?.name ?? null;
    expect(m('2026-03-02T10:00:00Z', '2026-03-02T14:00:00Z')).toBe('4 hours');
    expect(m('2026-03-02T10:00:00Z', '2026-03-03T10:00:00Z')).toBe('1 day');
    expect(m('2026-03-02T10:00:00Z', '2026-03-02T15:00:00Z')).toBeNull();
    expect(m('2026-03-02T10:00:00Z', '2026-03-09T10:00:00Z')).toBeNull();
  });

  it('measures on the wall clock', () => {
    expect(wallMinutes(at('2026-03-28T09:00:00Z'), at('2026-03-29T08:00:00Z'), 'Europe/Madrid')).toBe(1440);
    expect(
      matchingRentalPeriod(periods, at('2026-03-28T09:00:00Z'), at('2026-03-29T08:00:00Z'), 'Europe/Madrid')
        ?.name,
    ).toBe('1 day');
  });
});
