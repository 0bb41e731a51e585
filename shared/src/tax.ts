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
