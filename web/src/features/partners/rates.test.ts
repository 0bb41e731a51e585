import { describe, expect, it } from 'vitest';
import { parseMoneyInput } from '@nine/shared/money';
import { bpToPercent, minorToAmount, percentToBp } from './rates.ts';

describe('percent and amount fields', () => {
  it('reads percentages into basis points and back', () => {
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp('7,25')).toBe(725);
    expect(percentToBp('0.07')).toBe(7);
    expect(percentToBp('1.234')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
    expect(percentToBp('')).toBeNull();
    expect(bpToPercent(1250)).toBe('12.5');
  });

  it('reads amounts into minor units without float drift', () => {
    expect(parseMoneyInput('19.99')).toBe(1999);
    expect(parseMoneyInput('0.29')).toBe(29);
    expect(parseMoneyInput('5')).toBe(500);
    // One parser for every money field: a trailing point is a whole amount.
    expect(parseMoneyInput('5.')).toBe(500);
    expect(minorToAmount(2500)).toBe('25.00');
  });
});
