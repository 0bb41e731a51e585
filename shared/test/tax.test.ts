import { describe, expect, it } from 'vitest';
import { invoiceTax, spreadTax } from '../src/tax.ts';

describe('the tax rounding rule', () => {
  it('rounds half up once on the net when taxes are added', () => {
    expect(invoiceTax(1000, 825, false)).toBe(83); // 82.5 → 83
    expect(invoiceTax(999, 825, false)).toBe(82); // 82.4175 → 82
    expect(invoiceTax(4500, 825, false)).toBe(371); // 371.25 → 371
    expect(invoiceTax(0, 825, false)).toBe(0);
  });
  it('extracts included tax so that net − tax is the pre-tax amount', () => {
    expect(invoiceTax(1083, 825, true)).toBe(83); // 1083 / 1.0825 = 1000.46 → 1000
    expect(invoiceTax(2000, 2000, true)).toBe(333);
  });
  it('spreads tax over lines so they sum exactly', () => {
    const shares = spreadTax([333, 333, 334], 83);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(83);
    expect(shares).toEqual([28, 28, 27]);
    expect(spreadTax([0, 0], 0)).toEqual([0, 0]);
  });
});
