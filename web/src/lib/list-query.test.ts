import { describe, expect, it } from 'vitest';
import { oneOf, positiveInt, usesGivenDates } from './list-query.ts';

describe('list query helpers', () => {
  it('oneOf keeps only allowed values', () => {
    expect(oneOf(['asc', 'desc'] as const, 'desc')).toBe('desc');
    expect(oneOf(['asc', 'desc'] as const, 'up')).toBeUndefined();
    expect(oneOf(['asc', 'desc'] as const, null)).toBeUndefined();
  });

  it('positiveInt reads plain digits within bounds', () => {
    expect(positiveInt('25')).toBe(25);
    expect(positiveInt('0')).toBeUndefined();
    expect(positiveInt('-3')).toBeUndefined();
    expect(positiveInt('2.5')).toBeUndefined();
    expect(positiveInt('1e3')).toBeUndefined();
    expect(positiveInt('101', 100)).toBeUndefined();
    expect(positiveInt(null)).toBeUndefined();
  });

  it('usesGivenDates: custom uses both, anchored presets only their start', () => {
    expect(usesGivenDates('custom', 'to')).toBe(true);
    expect(usesGivenDates('monthly', 'from')).toBe(true);
    expect(usesGivenDates('monthly', 'to')).toBe(false);
    expect(usesGivenDates('today', 'from')).toBe(false);
  });
});
