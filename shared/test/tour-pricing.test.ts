import { describe, expect, it } from 'vitest';
import { priceFor } from '../src/tour-pricing.ts';

const base = [
  { age_group_id: 1, price_minor: 5000 },
  { age_group_id: 2, price_minor: 2500 },
];
const seasons = [
  { first_day: '2026-06-01', last_day: '2026-08-31', prices: [{ age_group_id: 1, price_minor: 6000 }] },
];

describe('priceFor', () => {
  it('takes the base price outside a season', () => {
    expect(priceFor(base, seasons, 1, '2026-05-31')).toBe(5000);
    expect(priceFor(base, seasons, 1, '2026-09-01')).toBe(5000);
  });

  it('counts the season first and last days in', () => {
    expect(priceFor(base, seasons, 1, '2026-06-01')).toBe(6000);
    expect(priceFor(base, seasons, 1, '2026-08-31')).toBe(6000);
  });

  it('falls back to the base price for a group the season does not price', () => {
    expect(priceFor(base, seasons, 2, '2026-07-01')).toBe(2500);
  });

  it('answers null for a group with no price', () => {
    expect(priceFor(base, seasons, 9, '2026-07-01')).toBeNull();
  });
});
