import { z } from 'zod';

/**
 * The one tax rounding rule: tax is computed once per invoice on its net (after discounts) from the
 * sum of the active rates in basis points, rounded half up; it is then spread over the lines in
 * proportion, the last line taking the remainder, so lines always add up to the invoice.
 * With taxes included in prices, the net already holds the tax: tax = net − round(net / (1 + rate)).
 */
export function invoiceTax(netMinor: number, rateBp: number, included: boolean): number {
  if (rateBp <= 0 || netMinor <= 0) return 0;
  return included
    ? netMinor - Math.round((netMinor * 10_000) / (10_000 + rateBp))
    : Math.round((netMinor * rateBp) / 10_000);
}

/** Spreads an invoice's tax over its lines' nets; the result sums exactly to `tax`. */
export function spreadTax(lineNets: number[], tax: number): number[] {
  const total = lineNets.reduce((a, b) => a + b, 0);
  if (total === 0) return lineNets.map((_, i) => (i === lineNets.length - 1 ? tax : 0));
  let left = tax;
  return lineNets.map((net, i) => {
    if (i === lineNets.length - 1) return left;
    const share = Math.round((tax * net) / total);
    left -= share;
    return share;
  });
}

/** A tax of the business: its name and rate in basis points (825 = 8.25 %). */
export const taxRate = z.object({ name: z.string(), rate_bp: z.number().int() });
export type TaxRate = z.infer<typeof taxRate>;

/**
 * general_settings.show_taxes_mode: how receipts, prints and reviews show the tax.
 * - `separate` (the default): each active tax on its own summary line with its name and rate.
 * - `combined`: one summary line with the summed rate (named after the tax when there is only one).
 * - `per_line`: as `separate`, and each line also shows its share of the tax.
 * - `none`: no names or rates. Included tax is not shown; added tax shows as one plain "Tax" line,
 *   because the total must still add up from the figures printed above it.
 */
export const SHOW_TAXES_MODES = ['separate', 'combined', 'per_line', 'none'] as const;
export type ShowTaxesMode = (typeof SHOW_TAXES_MODES)[number];

/** Reads the stored setting; older spellings ('total', 'hidden', 'line') map to their meaning. */
export function showTaxesMode(value: string | null | undefined): ShowTaxesMode {
  switch (value) {
    case 'combined':
    case 'total':
      return 'combined';
    case 'per_line':
    case 'line':
    case 'lines':
      return 'per_line';
    case 'none':
    case 'hidden':
      return 'none';
    default:
      return 'separate';
  }
}

export interface PriceBreakdownInput {
  /** `id` (an order item's) comes back on its line of the breakdown. */
  lines: { id?: number; quantity: number; unit_price_minor: number; discount_minor: number }[];
  /** The active taxes. */
  taxes: TaxRate[];
  is_tax_included: boolean;
  show_taxes_mode: string | null | undefined;
  /**
   * The total actually charged (an order's stored total). With tax added, the tax shown is what the total
   * holds beyond the net, so the figures add up to what the customer pays even if a rate changed since.
   */
  charged_total_minor?: number;
}

export const priceBreakdownSchema = z.object({
  is_tax_included: z.boolean(),
  show_taxes_mode: z.enum(SHOW_TAXES_MODES),
  /** Per input line, in order: quantity × unit price, its discount, and its share of the tax. */
  lines: z.array(
    z.object({
      id: z.number().optional(),
      amount_minor: z.number().int(),
      discount_minor: z.number().int(),
      tax_minor: z.number().int(),
    }),
  ),
  /** The sum of the lines' amounts (before discounts). */
  subtotal_minor: z.number().int(),
  /** The sum of the lines' discounts. */
  discount_minor: z.number().int(),
  /** The tax: added on top of the net, or contained in it when prices include tax. */
  tax_minor: z.number().int(),
  /** subtotal − discount, plus the tax when it is added. */
  total_minor: z.number().int(),
  /** The taxes to show, per the mode (empty for `none` or when there is no tax). */
  taxes: z.array(taxRate.extend({ amount_minor: z.number().int() })),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

/**
 * The one breakdown of a price for every receipt, print and review: tax once on the net by the one tax rule
 * (`invoiceTax`), spread over the taxes by rate and over the lines by net, so that
 * subtotal − discount (+ tax when added) = total to the minor unit, and the taxes and line shares sum to it.
 */
export function priceBreakdown(input: PriceBreakdownInput): PriceBreakdown {
  const mode = showTaxesMode(input.show_taxes_mode);
  const amounts = input.lines.map((l) => l.unit_price_minor * l.quantity);
  const subtotal = amounts.reduce((a, b) => a + b, 0);
  const discount = input.lines.reduce((sum, l) => sum + l.discount_minor, 0);
  const net = subtotal - discount;
  const active = input.taxes.filter((t) => t.rate_bp > 0);
  const rate = active.reduce((sum, t) => sum + t.rate_bp, 0);
  const charged = input.charged_total_minor;
  const tax =
    !input.is_tax_included && charged !== undefined && charged >= net
      ? charged - net
      : invoiceTax(net, rate, input.is_tax_included);
  const lineTaxes =
    input.lines.length === 0
      ? []
      : spreadTax(
          input.lines.map((l, i) => amounts[i]! - l.discount_minor),
          tax,
        );
  let taxes: PriceBreakdown['taxes'] = [];
  // A tax with no active rate behind it (a stale total) shows unnamed, as `none` does.
  if (mode !== 'none' && rate !== 0) {
    if (mode === 'combined' || active.length <= 1) {
      taxes = [{ name: active.length === 1 ? active[0]!.name : '', rate_bp: rate, amount_minor: tax }];
    } else {
      const shares = spreadTax(
        active.map((t) => t.rate_bp),
        tax,
      );
      taxes = active.map((t, i) => ({ name: t.name, rate_bp: t.rate_bp, amount_minor: shares[i]! }));
    }
  }
  return {
    is_tax_included: input.is_tax_included,
    show_taxes_mode: mode,
    lines: input.lines.map((l, i) => ({
      ...(l.id !== undefined ? { id: l.id } : {}),
      amount_minor: amounts[i]!,
      discount_minor: l.discount_minor,
      tax_minor: lineTaxes[i] ?? 0,
    })),
    subtotal_minor: subtotal,
    discount_minor: discount,
    tax_minor: tax,
    total_minor: input.is_tax_included ? net : net + tax,
    taxes,
  };
}

/** One row of a breakdown's summary, in the order it is shown; the renderer words and formats it. */
export type PriceRow =
  | { kind: 'subtotal' | 'discount' | 'total'; amount_minor: number }
  // Added tax, before the total; `name` empty when the taxes are combined, `rate_bp` null when hidden.
  | { kind: 'tax'; name: string; rate_bp: number | null; amount_minor: number }
  // Tax the total already holds, after the total: "Includes Sales tax 8.25%".
  | { kind: 'tax_included'; name: string; rate_bp: number; amount_minor: number };

/**
 * Subtotal, discount (negative, when there is one), then: with tax added each tax and the total; with tax
 * included the total and what of it is tax.
 */
export function priceRows(b: PriceBreakdown): PriceRow[] {
  const rows: PriceRow[] = [{ kind: 'subtotal', amount_minor: b.subtotal_minor }];
  if (b.discount_minor !== 0) rows.push({ kind: 'discount', amount_minor: -b.discount_minor });
  if (b.is_tax_included) {
    rows.push({ kind: 'total', amount_minor: b.total_minor });
    for (const t of b.taxes) rows.push({ kind: 'tax_included', ...t });
    return rows;
  }
  if (b.taxes.length > 0) for (const t of b.taxes) rows.push({ kind: 'tax', ...t });
  // Hidden taxes (`none`) still show the amount when it is added: the total must add up.
  else if (b.tax_minor !== 0) rows.push({ kind: 'tax', name: '', rate_bp: null, amount_minor: b.tax_minor });
  rows.push({ kind: 'total', amount_minor: b.total_minor });
  return rows;
}
