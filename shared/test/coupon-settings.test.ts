import { describe, expect, it } from 'vitest';
import { couponCodeExample, couponCodeFits, couponSettingsForm } from '../src/schemas/coupon-settings.ts';

const format = {
  code_prefix: 'NINE',
  code_min_length: 6,
  code_max_length: 10,
  code_charset: 'digits' as const,
};

describe('coupon code format', () => {
  it('counts the prefix in the lengths and checks what follows it', () => {
    expect(couponCodeFits(format, 'NINE12')).toBe(true);
    expect(couponCodeFits(format, 'NINE123456')).toBe(true);
    expect(couponCodeFits(format, 'NINE1')).toBe(false);
    expect(couponCodeFits(format, 'NINE1234567')).toBe(false);
    expect(couponCodeFits(format, 'NINEAB')).toBe(false);
    expect(couponCodeFits(format, 'PROMO12')).toBe(false);
    expect(couponCodeFits({ ...format, code_prefix: '', code_charset: 'any' }, 'SUMMER-24')).toBe(true);
  });

  it('gives an example that fits the format', () => {
    for (const charset of ['any', 'alphanumeric', 'letters', 'digits'] as const) {
      const s = { ...format, code_charset: charset, code_max_length: 20 };
      expect(couponCodeFits(s, couponCodeExample(s)), charset).toBe(true);
    }
  });

  it('refuses a longest code below the shortest, or a prefix as long as the longest', () => {
    const base = {
      ...format,
      default_validity_days: null,
      stack_coupons: false,
      stack_with_discounts: true,
      max_coupons_per_order: 1,
    };
    expect(couponSettingsForm.safeParse(base).success).toBe(true);
    expect(couponSettingsForm.safeParse({ ...base, code_max_length: 5 }).success).toBe(false);
    expect(
      couponSettingsForm.safeParse({ ...base, code_prefix: 'ABCDEFGHIJ', code_min_length: 3 }).success,
    ).toBe(false);
  });
});
