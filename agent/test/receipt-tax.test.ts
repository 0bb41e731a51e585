import { describe, expect, it } from 'vitest';
import { printJob } from '@nine/shared/agent-protocol';
import { formatReceiptNumber, type ReceiptDocumentInput } from '@nine/shared/receipt';
import { priceBreakdown, priceRows, type PriceBreakdownInput } from '@nine/shared/tax';
import { columnsOf, makePrinterProfile, type PrinterProfile } from '../src/devices/printer.ts';
import { renderEscPosPreview } from '../src/escpos/escpos-preview.ts';
import { renderPrintJob } from '../src/render/render-print-job.ts';

// The 55 mm receipt of an order as the web app builds it (order-receipt.ts): lines at quantity × price,
// then the summary rows of shared/tax.ts priceRows, then what was paid. Printed on 58 mm paper
// (384 dots: 32 columns in font A, 42 in font B), as the simulated agent spools it.

const lines = [
  { description: 'City bike', quantity: 1, unit_price_minor: 3200, discount_minor: 0, detail: 'CB-01' },
  { description: 'Helmet', quantity: 2, unit_price_minor: 1000, discount_minor: 0 },
];

function orderReceipt(settings: Partial<PriceBreakdownInput>, taxName = 'Sales tax'): ReceiptDocumentInput {
  const breakdown = priceBreakdown({
    lines,
    taxes: [{ name: taxName, rate_bp: 825 }],
    is_tax_included: false,
    show_taxes_mode: 'separate',
    ...settings,
  });
  const rate = (bp: number) => formatReceiptNumber(bp / 100, 'en-US');
  const label = (row: ReturnType<typeof priceRows>[number]) => {
    switch (row.kind) {
      case 'subtotal':
        return 'Subtotal';
      case 'discount':
        return 'Discount';
      case 'total':
        return 'Total';
      case 'tax':
        return row.rate_bp === null ? 'Tax' : `${row.name} ${rate(row.rate_bp)}%`;
      case 'tax_included':
        return `Includes ${row.name} ${rate(row.rate_bp)}%`;
    }
  };
  return {
    locale: 'en-US',
    currency: 'USD',
    header: { title: 'Nine Bikes & Kayaks', lines: ['1 Harbor Front'] },
    meta: [
      { label: 'Order', value: '#100041' },
      { label: 'Date', value: '06/01/2030, 09:00' },
    ],
    lines: lines.map((line, i) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unit_price_minor,
      amount: breakdown.lines[i]!.amount_minor,
      ...(line.detail ? { detail: line.detail } : {}),
    })),
    totals: [
      ...priceRows(breakdown).map((row) => ({
        label: label(row),
        amount: row.amount_minor,
        emphasis: row.kind === 'total',
      })),
      { label: 'Deposit', amount: 20000 },
      { label: 'Paid', amount: breakdown.total_minor },
      { label: 'Balance', amount: 0 },
    ],
    footer: ['Thank you!'],
  };
}

/** The printed text, one entry per paper line, without the preview's command markers. */
function printed(receipt: ReceiptDocumentInput, profile: PrinterProfile): string[] {
  const bytes = renderPrintJob(printJob.parse({ kind: 'receipt', receipt, cut: true }), profile);
  return renderEscPosPreview(bytes, columnsOf(profile), profile.codePage)
    .split('\n')
    .filter((line) => !/^\[[A-Z ]+\]$/.test(line));
}

const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
/** The amount at the end of the paper line that starts with `label`. */
const amountOf = (paper: string[], label: string) => {
  const line = paper.find((l) => l.startsWith(label));
  expect(line, `a line "${label} … amount"`).toBeDefined();
  return money(line!.trim().split(/\s+/).at(-1)!);
};

const profiles = {
  'font A (32 columns)': makePrinterProfile({ paperWidthMm: 58, font: 'a' }),
  'font B (42 columns)': makePrinterProfile({ paperWidthMm: 58, font: 'b' }),
};

describe('the tax on a 55 mm receipt', () => {
  for (const [name, profile] of Object.entries(profiles)) {
    it(`prints the tax with its rate between subtotal and total, within the line, in ${name}`, () => {
      const paper = printed(orderReceipt({}), profile);
      expect(paper.every((line) => line.length <= columnsOf(profile))).toBe(true);
      expect(paper).toContain(
        `Sales tax 8.25%${' '.repeat(columnsOf(profile) - 'Sales tax 8.25%'.length - 5)}$4.29`,
      );
      // The item lines (quantity × price … amount) add up to the subtotal; subtotal + tax = total.
      const itemAmounts = paper
        .filter((l) => /^ +\d+ x \$/.test(l))
        .map((l) => money(l.trim().split(/\s+/).at(-1)!));
      expect(itemAmounts).toEqual([3200, 2000]);
      const subtotal = amountOf(paper, 'Subtotal');
      expect(itemAmounts.reduce((a, b) => a + b, 0)).toBe(subtotal);
      expect(subtotal + amountOf(paper, 'Sales tax 8.25%')).toBe(amountOf(paper, 'Total'));
      expect(amountOf(paper, 'Total')).toBe(5629);
      const order = ['Subtotal', 'Sales tax', 'Total'].map((label) =>
        paper.findIndex((l) => l.startsWith(label)),
      );
      expect(order).toEqual([...order].sort((a, b) => a - b));
    });
  }

  it('prints included tax under the total, and wraps a long tax name without cutting its amount', () => {
    const profile = profiles['font A (32 columns)'];
    const included = printed(orderReceipt({ is_tax_included: true }), profile);
    const total = included.findIndex((l) => l.startsWith('Total'));
    expect(included[total + 1]).toMatch(/^Includes Sales tax 8\.25% +\$3\.96$/);

    const long = printed(orderReceipt({}, 'Impuesto municipal turístico'), profile);
    expect(long.every((line) => line.length <= 32)).toBe(true);
    const at = long.findIndex((l) => l.startsWith('Impuesto municipal'));
    expect(long.slice(at, at + 2).join(' ')).toMatch(/^Impuesto municipal tur.stico 8\.25% +\$4\.29$/);
  });
});
