import { beforeAll, describe, expect, it } from 'vitest';
import { receiptDocument } from '@nine/shared/receipt';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import type { OrderDetail } from '../api/get-order.ts';
import { buildOrderReceipt } from './order-receipt.ts';

const sale = {
  id: 9,
  number: 120001,
  type: 'sale',
  status: 'closed',
  created_at: '2030-01-10T09:00:00Z',
  planned_start: null,
  planned_finish: null,
  total_minor: 9093,
  deposit_minor: 0,
  paid_minor: 0,
  balance_minor: 9093,
  customer: {
    id: 1,
    name: 'Walk-in',
    phone: null,
    email: null,
    address: null,
    postal_code: null,
    is_anonymous: true,
  },
  items: [
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
  ],
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
        id: 5,
        order_id: 9,
        method: 'cash',
        amount_minor: 9093,
        tendered_minor: 10000,
        change_minor: 907,
        order_total_minor: 9093,
        order_paid_minor: 9093,
        order_balance_minor: 0,
        order_status: 'closed',
      },
    });
    const parsed = receiptDocument.parse(receipt);
    expect(parsed.header).toEqual({ title: 'Nine Bikes & Kayaks', lines: ['Old Town', '12 Quay Street'] });
    expect(parsed.meta[0]).toEqual({ label: 'Sale', value: '#120001' });
    // A walk-in customer is not named on paper.
    expect(parsed.meta.map((m) => m.label)).toEqual(['Sale', 'Date']);
    expect(parsed.lines).toEqual([
      { description: 'Paddle leash', quantity: 2, unitPrice: 3100, amount: 5700, detail: 'Discount $5.00' },
      { description: 'Chain', quantity: 1, unitPrice: 2200, amount: 2200 },
    ]);
    expect(parsed.totals.map((total) => [total.label, total.amount])).toEqual([
      ['Total', 9093],
      ['Paid', 9093],
      ['Change', 907],
      ['Balance', 0],
    ]);
    expect(parsed.payments).toEqual([{ method: 'Cash', amount: 9093, detail: 'Received $100.00' }]);
    expect(parsed.footer).toEqual(['Thank you!']);
  });

  it('names the customer, the period and the deposit of a rent order, and cuts long text to fit', () => {
    const rent = {
      ...sale,
      type: 'rent',
      planned_start: '2030-01-15T09:00:00Z',
      planned_finish: '2030-01-16T09:00:00Z',
      deposit_minor: 15000,
      paid_minor: 1000,
      balance_minor: 8093,
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
      ['Total', 9093],
      ['Deposit', 15000],
      ['Paid', 1000],
      ['Balance', 8093],
    ]);
    expect(parsed.payments).toEqual([]);
  });
});
