import { describe, expect, it } from 'vitest';
import {
  invoiceTax,
  priceBreakdown,
  priceRows,
  SHOW_TAXES_MODES,
  showTaxesMode,
  spreadTax,
  type PriceBreakdown,
} from '../src/tax.ts';

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

describe('the price breakdown of receipts and reviews', () => {
  const salesTax = [{ name: 'Sales tax', rate_bp: 825 }];
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  /** subtotal − discount (+ tax when added) = total, and every share adds up to the tax. */
  const addsUp = (b: PriceBreakdown) => {
    expect(b.subtotal_minor - b.discount_minor + (b.is_tax_included ? 0 : b.tax_minor)).toBe(b.total_minor);
    expect(sum(b.lines.map((l) => l.amount_minor))).toBe(b.subtotal_minor);
    expect(sum(b.lines.map((l) => l.discount_minor))).toBe(b.discount_minor);
    expect(sum(b.lines.map((l) => l.tax_minor))).toBe(b.tax_minor);
    if (b.taxes.length > 0) expect(sum(b.taxes.map((t) => t.amount_minor))).toBe(b.tax_minor);
  };

  it('adds 8.25% on a net of 52.00: 4.29 of tax, 56.29 in total (the demo settings)', () => {
    const b = priceBreakdown({
      lines: [
        { quantity: 1, unit_price_minor: 3200, discount_minor: 0 },
        { quantity: 2, unit_price_minor: 1000, discount_minor: 0 },
      ],
      taxes: salesTax,
      is_tax_included: false,
      show_taxes_mode: 'separate',
    });
    addsUp(b);
    expect(b).toMatchObject({ subtotal_minor: 5200, discount_minor: 0, tax_minor: 429, total_minor: 5629 });
    expect(priceRows(b)).toEqual([
      { kind: 'subtotal', amount_minor: 5200 },
      { kind: 'tax', name: 'Sales tax', rate_bp: 825, amount_minor: 429 },
      { kind: 'total', amount_minor: 5629 },
    ]);
  });

  it('shows included tax after the total, taken out of it by the same rule', () => {
    const b = priceBreakdown({
      lines: [{ quantity: 1, unit_price_minor: 5629, discount_minor: 0 }],
      taxes: salesTax,
      is_tax_included: true,
      show_taxes_mode: 'separate',
    });
    addsUp(b);
    expect(b).toMatchObject({ subtotal_minor: 5629, tax_minor: 429, total_minor: 5629 });
    expect(priceRows(b)).toEqual([
      { kind: 'subtotal', amount_minor: 5629 },
      { kind: 'total', amount_minor: 5629 },
      { kind: 'tax_included', name: 'Sales tax', rate_bp: 825, amount_minor: 429 },
    ]);
  });

  it('taxes the net after line discounts, once, half up', () => {
    const b = priceBreakdown({
      lines: [
        { quantity: 2, unit_price_minor: 3100, discount_minor: 500 },
        { quantity: 1, unit_price_minor: 2200, discount_minor: 0 },
      ],
      taxes: salesTax,
      is_tax_included: false,
      show_taxes_mode: 'separate',
    });
    addsUp(b);
    // 8400 − 500 = 7900 net; 7900 × 8.25% = 651.75 → 652.
    expect(b).toMatchObject({ subtotal_minor: 8400, discount_minor: 500, tax_minor: 652, total_minor: 8552 });
    expect(priceRows(b).map((r) => [r.kind, r.amount_minor])).toEqual([
      ['subtotal', 8400],
      ['discount', -500],
      ['tax', 652],
      ['total', 8552],
    ]);
    // An exact half cent rounds up once on the invoice, not per line: 3 × 3.33 + 0.01 = 10.00 → 0.825 → 0.83.
    const half = priceBreakdown({
      lines: [
        { quantity: 3, unit_price_minor: 333, discount_minor: 0 },
        { quantity: 1, unit_price_minor: 1, discount_minor: 0 },
      ],
      taxes: salesTax,
      is_tax_included: false,
      show_taxes_mode: 'per_line',
    });
    addsUp(half);
    expect(half.tax_minor).toBe(83);
    expect(half.lines.map((l) => l.tax_minor)).toEqual([83, 0]);
  });

  it('splits two taxes by rate, or combines them, per show_taxes_mode', () => {
    const taxes = [
      { name: 'State', rate_bp: 825 },
      { name: 'Levy', rate_bp: 200 },
      { name: 'Retired', rate_bp: 0 },
    ];
    const lines = [{ quantity: 1, unit_price_minor: 1000, discount_minor: 0 }];
    const separate = priceBreakdown({ lines, taxes, is_tax_included: false, show_taxes_mode: 'separate' });
    addsUp(separate);
    // 1000 × 10.25% = 102.5 → 103, spread 825 : 200.
    expect(separate.taxes).toEqual([
      { name: 'State', rate_bp: 825, amount_minor: 83 },
      { name: 'Levy', rate_bp: 200, amount_minor: 20 },
    ]);
    const combined = priceBreakdown({ lines, taxes, is_tax_included: true, show_taxes_mode: 'combined' });
    addsUp(combined);
    expect(combined.taxes).toEqual([{ name: '', rate_bp: 1025, amount_minor: 93 }]);
  });

  it('hides names and rates with none, yet an added tax still shows so the total adds up', () => {
    const lines = [{ quantity: 4, unit_price_minor: 1300, discount_minor: 0 }];
    const added = priceBreakdown({ lines, taxes: salesTax, is_tax_included: false, show_taxes_mode: 'none' });
    addsUp(added);
    expect(added.taxes).toEqual([]);
    expect(priceRows(added)).toContainEqual({ kind: 'tax', name: '', rate_bp: null, amount_minor: 429 });
    const included = priceBreakdown({
      lines,
      taxes: salesTax,
      is_tax_included: true,
      show_taxes_mode: 'none',
    });
    expect(priceRows(included).map((r) => r.kind)).toEqual(['subtotal', 'total']);
  });

  it('shows the tax the order was charged when its stored total holds it', () => {
    const b = priceBreakdown({
      lines: [{ quantity: 1, unit_price_minor: 5200, discount_minor: 0 }],
      taxes: [{ name: 'Sales tax', rate_bp: 1000 }],
      is_tax_included: false,
      show_taxes_mode: 'separate',
      charged_total_minor: 5629,
    });
    addsUp(b);
    expect(b.total_minor).toBe(5629);
    expect(b.tax_minor).toBe(429);
  });

  it('adds up for any lines, discounts, rates and modes', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: 1 + next(6) }, () => {
        const quantity = 1 + next(5);
        const unit = next(100_000);
        return { quantity, unit_price_minor: unit, discount_minor: next(unit * quantity + 1) };
      });
      const taxes = Array.from({ length: next(4) }, (_, i) => ({ name: `T${i}`, rate_bp: next(2500) }));
      const b = priceBreakdown({
        lines,
        taxes,
        is_tax_included: next(2) === 0,
        show_taxes_mode: SHOW_TAXES_MODES[next(4)],
      });
      addsUp(b);
      const net = b.subtotal_minor - b.discount_minor;
      const rate = taxes.reduce((s, t) => s + t.rate_bp, 0);
      expect(b.tax_minor).toBe(invoiceTax(net, rate, b.is_tax_included));
    }
  });

  it('reads the stored setting, defaulting to separate', () => {
    expect(showTaxesMode(undefined)).toBe('separate');
    expect(showTaxesMode('separate')).toBe('separate');
    expect(showTaxesMode('total')).toBe('combined');
    expect(showTaxesMode('hidden')).toBe('none');
    expect(showTaxesMode('per_line')).toBe('per_line');
  });
});
