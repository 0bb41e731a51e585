import { beforeAll, describe, expect, it } from 'vitest';
import { receiptDocument } from '@nine/shared/receipt';
import { priceBreakdown, type PriceBreakdownInput } from '@nine/shared/tax';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import type { OrderDetail } from '../api/get-order.ts';
import { buildOrderReceipt } from './order-receipt.ts';

const salesTax = [{ name: 'Sales tax', rate_bp: 825 }];
const breakdownOf = (
  items: { id: number; quantity: number; unit_price_minor: number; discount_minor: number; status: string }[],
  settings: Partial<PriceBreakdownInput> = {},
) =>
  priceBreakdown({
    lines: items.filter((item) => item.status !== 'cancelled'),
    taxes: salesTax,
    is_tax_included: false,
    show_taxes_mode: 'separate',
    ...settings,
  });

const saleItems = [
  {
    id: 1,
    product_name: 'Paddle leash',
    item_sku: null,
    quantity: 2,
    unit_price_minor: 3100,
    discount_minor: 500,
    status: 'closed',
  },
  {
    id: 2,
    product_name: 'Chain',
    item_sku: null,
    quantity: 1,
    unit_price_minor: 2200,
    discount_minor: 0,
    status: 'closed',
  },
  {
    id: 3,
    product_name: 'Returned',
    item_sku: null,
    quantity: 1,
    unit_price_minor: 100,
    discount_minor: 0,
    status: 'cancelled',
  },
];

// 2 × 31.00 − 5.00 + 22.00 = 79.00 net; 8.25% added = 6.52; 85.52 in total.
const sale = {
  id: 9,
  number: 120001,
  type: 'sale',
  status: 'closed',
  created_at: '2030-01-10T09:00:00Z',
  planned_start: null,
  planned_finish: null,
  total_minor: 8552,
  deposit_minor: 0,
  paid_minor: 0,
  balance_minor: 8552,
  customer: {
    id: 1,
    name: 'Walk-in',
    phone: null,
    email: null,
    address: null,
    postal_code: null,
    is_anonymous: true,
  },
  items: saleItems,
  price_breakdown: breakdownOf(saleItems),
} as unknown as OrderDetail;

beforeAll(async () => {
  await initI18n();
});

describe('order receipt', () => {
  it('is a valid receipt document with the lines, totals, the cash handed over and the change', () => {
    const receipt = buildOrderReceipt({
      t: i18n.t,
      order: sale,
      title: 'Nine Bikes & Kayaks',
      header: 'Old Town\n\n12 Quay Street',
      currency: 'USD',
      locale: 'en-US',
      payment: {
        method: 'cash',
        amount_minor: 8552,
        tendered_minor: 10000,
        change_minor: 1448,
        order_paid_minor: 8552,
        order_balance_minor: 0,
      },
    });
    const parsed = receiptDocument.parse(receipt);
    expect(parsed.header).toEqual({ title: 'Nine Bikes & Kayaks', lines: ['Old Town', '12 Quay Street'] });
    expect(parsed.meta[0]).toEqual({ label: 'Sale', value: '#120001' });
    // A walk-in customer is not named on paper.
    expect(parsed.meta.map((m) => m.label)).toEqual(['Sale', 'Date']);
    // Lines at quantity × price add up to the subtotal; the discount and the tax follow, then the total.
    expect(parsed.lines).toEqual([
      { description: 'Paddle leash', quantity: 2, unitPrice: 3100, amount: 6200, detail: 'Discount -$5.00' },
      { description: 'Chain', quantity: 1, unitPrice: 2200, amount: 2200 },
    ]);
    expect(parsed.totals.map((total) => [total.label, total.amount, total.emphasis])).toEqual([
      ['Subtotal', 8400, false],
      ['Discount', -500, false],
      ['Sales tax 8.25%', 652, false],
      ['Total', 8552, true],
      ['Paid', 8552, false],
      ['Change', 1448, false],
      ['Balance', 0, false],
    ]);
    expect(parsed.payments).toEqual([{ method: 'Cash', amount: 8552, detail: 'Received $100.00' }]);
    expect(parsed.footer).toEqual(['Thank you!']);
  });

  it('prints the delivery fees as a line, so the lines add up to the subtotal', () => {
    // 79.00 net + 15.00 of fees = 94.00; 8.25% added = 7.76; 101.76 in total.
    const lines = [
      ...saleItems.filter((item) => item.status !== 'cancelled'),
      { quantity: 1, unit_price_minor: 1500, discount_minor: 0, status: 'scheduled' },
    ];
    const receipt = buildOrderReceipt({
      t: i18n.t,
      order: {
        ...sale,
        type: 'rent',
        delivery_fee_minor: 1500,
        total_minor: 10176,
        balance_minor: 10176,
        price_breakdown: breakdownOf(lines as typeof saleItems, { charged_total_minor: 10176 }),
      },
      title: 'Nine',
      header: '',
      currency: 'USD',
      locale: 'en-US',
    });
    const parsed = receiptDocument.parse(receipt);
    expect(parsed.lines.at(-1)).toEqual({
      description: 'Delivery fees',
      quantity: 1,
      unitPrice: 1500,
      amount: 1500,
    });
    const subtotal = parsed.totals.find((total) => total.label === 'Subtotal')!.amount;
    expect(parsed.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(subtotal);
    expect(parsed.totals.find((total) => total.label === 'Total')!.amount).toBe(10176);
  });

  it('names the customer, the period and the deposit of a rent order, and cuts long text to fit', () => {
    const rent = {
      ...sale,
      type: 'rent',
      planned_start: '2030-01-15T09:00:00Z',
      planned_finish: '2030-01-16T09:00:00Z',
      deposit_minor: 15000,
      paid_minor: 1000,
      balance_minor: 7552,
      customer: { ...sale.customer!, name: 'Ada Lovelace', is_anonymous: false },
    } as OrderDetail;
    const parsed = receiptDocument.parse(
      buildOrderReceipt({
        t: i18n.t,
        order: rent,
        title: 'x'.repeat(80),
        header: null,
        currency: 'EUR',
        locale: 'fr-FR',
      }),
    );
    expect(parsed.header.title).toHaveLength(64);
    expect(parsed.meta.map((m) => m.label)).toEqual(['Order', 'Date', 'Customer', 'Period']);
    expect(parsed.meta[2]!.value).toBe('Ada Lovelace');
    expect(parsed.totals.map((total) => [total.label, total.amount])).toEqual([
      ['Subtotal', 8400],
      ['Discount', -500],
      // The rate in the receipt's language.
      ['Sales tax 8,25%', 652],
      ['Total', 8552],
      ['Deposit', 15000],
      ['Paid', 1000],
      ['Balance', 7552],
    ]);
    expect(parsed.payments).toEqual([]);
  });
  it('prints the demo rent order: 52.00 of lines, Sales tax 8.25% 4.29, total 56.29', () => {
    const items = [
      {
        id: 11,
        product_name: 'City bike',
        item_sku: 'CB-01',
        quantity: 1,
        unit_price_minor: 3200,
        discount_minor: 0,
        status: 'confirmed',
      },
      {
        id: 12,
        product_name: 'Helmet',
        item_sku: null,
        quantity: 2,
        unit_price_minor: 1000,
        discount_minor: 0,
        status: 'confirmed',
      },
    ];
    const order = {
      ...sale,
      type: 'rent',
      items,
      total_minor: 5629,
      paid_minor: 0,
      balance_minor: 5629,
      price_breakdown: breakdownOf(items),
    } as unknown as OrderDetail;
    const parsed = receiptDocument.parse(
      buildOrderReceipt({ t: i18n.t, order, title: 'Nine', header: null, currency: 'USD', locale: 'en-US' }),
    );
    const subtotal = parsed.totals.find((row) => row.label === 'Subtotal')!.amount;
    expect(parsed.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(subtotal);
    expect(parsed.totals.slice(0, 3).map((row) => [row.label, row.amount])).toEqual([
      ['Subtotal', 5200],
      ['Sales tax 8.25%', 429],
      ['Total', 5629],
    ]);
  });

  it('shows included tax under the total, per line when asked, and no tax at all with none', () => {
    const included = (mode: string) =>
      receiptDocument.parse(
        buildOrderReceipt({
          t: i18n.t,
          order: {
            ...sale,
            total_minor: 7900,
            price_breakdown: breakdownOf(saleItems, { is_tax_included: true, show_taxes_mode: mode }),
          } as OrderDetail,
          title: 'Nine',
          header: null,
          currency: 'USD',
          locale: 'en-US',
        }),
      );
    // 79.00 holds 79.00 − round(79.00 / 1.0825) = 6.02 of tax.
    const separate = included('separate');
    expect(separate.totals.slice(0, 4).map((row) => [row.label, row.amount])).toEqual([
      ['Subtotal', 8400],
      ['Discount', -500],
      ['Total', 7900],
      ['Includes Sales tax 8.25%', 602],
    ]);
    const perLine = included('per_line');
    expect(perLine.lines.map((line) => line.detail)).toEqual([
      'Discount -$5.00 · Incl. tax $4.34',
      'Incl. tax $1.68',
    ]);
    const none = included('none');
    expect(none.totals.map((row) => row.label)).toEqual(['Subtotal', 'Discount', 'Total', 'Paid', 'Balance']);
    expect(none.lines.map((line) => line.detail)).toEqual(['Discount -$5.00', undefined]);
  });
});

describe('order receipt: location settings', () => {
  it('prints the location’s tax comment above the thanks, and nothing when it has none', () => {
    const base = {
      t: i18n.t,
      order: sale,
      title: 'Nine',
      header: 'Shop counter',
      currency: 'USD',
      locale: 'en-US',
    };
    const withComment = receiptDocument.parse(buildOrderReceipt({ ...base, taxComment: 'Tax id 12-345' }));
    expect(withComment.header.lines).toEqual(['Shop counter']);
    expect(withComment.footer).toEqual(['Tax id 12-345', 'Thank you!']);
    const without = receiptDocument.parse(buildOrderReceipt({ ...base, taxComment: '  ' }));
    expect(without.footer).toEqual(['Thank you!']);
  });
});
