import { describe, expect, it } from 'vitest';
import {
  firstStepToDo,
  tourBasicInfo,
  tourCancellationFee,
  tourDefinitionStepInput,
  tourItems,
  tourPricing,
} from '../src/schemas/tours/definitions.ts';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

const basic = {
  code: 'KAYAK-1',
  name: 'Sunset kayak',
  group_id: null,
  duration_minutes: 120,
  capacity: 10,
  min_participants: 2,
  participants_per_leader: 6,
  min_leaders: 1,
  languages: ['en', 'es'],
};

describe('tour definition step schemas', () => {
  it('accepts a valid basic-info and refuses a minimum above the capacity', () => {
    expect(tourBasicInfo.safeParse(basic).success).toBe(true);
    expect(issuesOf(tourBasicInfo.safeParse({ ...basic, min_participants: 11 }))).toEqual([
      'min_participants:above_capacity',
    ]);
    expect(tourBasicInfo.safeParse({ ...basic, code: 'a b' }).success).toBe(false);
    expect(tourBasicInfo.safeParse({ ...basic, languages: ['xx'] }).success).toBe(false);
  });

  it('checks cancellation tiers: a 0 tier, distinct hours, fees never lower as hours fall', () => {
    const ok = {
      tiers: [
        { hours_before: 48, fee_bp: 0 },
        { hours_before: 24, fee_bp: 5000 },
        { hours_before: 0, fee_bp: 10000 },
      ],
      no_show_fee_bp: 10000,
    };
    expect(tourCancellationFee.safeParse(ok).success).toBe(true);
    expect(issuesOf(tourCancellationFee.safeParse({ ...ok, tiers: ok.tiers.slice(0, 2) }))).toEqual([
      'tiers:zero_tier_required',
    ]);
    expect(
      issuesOf(
        tourCancellationFee.safeParse({
          ...ok,
          tiers: [
            { hours_before: 48, fee_bp: 5000 },
            { hours_before: 0, fee_bp: 1000 },
          ],
        }),
      ),
    ).toEqual(['tiers.1.fee_bp:fee_decreases']);
    expect(
      issuesOf(
        tourCancellationFee.safeParse({
          ...ok,
          tiers: [
            { hours_before: 0, fee_bp: 5000 },
            { hours_before: 0, fee_bp: 5000 },
          ],
        }),
      ),
    ).toEqual(['tiers.1.hours_before:duplicate']);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ hours_before: i, fee_bp: 10000 - i }));
    expect(tourCancellationFee.safeParse({ ...ok, tiers: eleven }).success).toBe(false);
  });

  it('checks seasons: ordered days, every priced group, overlaps in the form', () => {
    const prices = [
      { age_group_id: 1, price_minor: 5000 },
      { age_group_id: 2, price_minor: 2000 },
    ];
    const season = (first_day: string, last_day: string, p = prices) => ({
      name: 'S',
      first_day,
      last_day,
      prices: p,
    });
    const input = {
      prices,
      private_price_minor: null,
      taxable: true,
      seasons: [season('2026-06-01', '2026-06-30')],
    };
    expect(tourPricing.safeParse(input).success).toBe(true);
    const overlapping = {
      ...input,
      seasons: [season('2026-06-01', '2026-06-30'), season('2026-06-30', '2026-07-05')],
    };
    expect(issuesOf(tourPricing.safeParse(overlapping))).toEqual(['seasons.1.first_day:season_overlap']);
    // The API leaves overlaps to the database (409 seasonOverlap).
    expect(tourDefinitionStepInput.safeParse({ step: 'pricing', version: 1, ...overlapping }).success).toBe(
      true,
    );
    expect(
      issuesOf(tourPricing.safeParse({ ...input, seasons: [season('2026-06-02', '2026-06-01')] })),
    ).toEqual(['seasons.0.last_day:before_first_day']);
    expect(
      issuesOf(
        tourPricing.safeParse({
          ...input,
          seasons: [season('2026-06-01', '2026-06-30', prices.slice(0, 1))],
        }),
      ),
    ).toEqual(['seasons.0.prices:season_prices_incomplete']);
  });

  it('refuses an age group on a per-booking item', () => {
    const it = { product_id: 5, per: 'booking', age_group_id: 1, units: 1, per_count: 1 };
    expect(issuesOf(tourItems.safeParse({ items: [it] }))).toEqual([
      'items.0.age_group_id:booking_has_no_age_group',
    ]);
  });

  it('parses a step PUT by its step name, with the version', () => {
    const parsed = tourDefinitionStepInput.parse({ step: 'basic-info', version: 3, ...basic });
    expect(parsed.step).toBe('basic-info');
    expect(tourDefinitionStepInput.safeParse({ step: 'gallery', version: 1 }).success).toBe(true);
    expect(tourDefinitionStepInput.safeParse({ step: 'gallery' }).success).toBe(false);
    expect(
      issuesOf(tourDefinitionStepInput.safeParse({ step: 'basic-info', version: 1, ...basic, capacity: 1 })),
    ).toEqual(['min_participants:above_capacity']);
  });

  it('finds the first step to do', () => {
    expect(firstStepToDo(['basic-info', 'pricing'])).toBe('cancellation-fee');
    expect(firstStepToDo([])).toBe('basic-info');
  });
});
