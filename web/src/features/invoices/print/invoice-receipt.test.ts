import { beforeAll, describe, expect, it } from 'vitest';
import { receiptDocument } from '@nine/shared/receipt';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { invoiceFixture } from '../testing/invoice-fixtures.ts';
import { buildInvoiceReceipt } from './invoice-receipt.ts';

const note = invoiceFixture({
  id: 8,
  number: 500_008,
  type: 'credit_note',
  order_type: 'rent',
  posted_at: '2025-01-10T09:00:00Z',
  updated_at: '2025-01-10T09:00:00Z',
  subtotal_minor: -2400,
  discount_minor: -100,
  tax_minor: -189,
  total_minor: -2489,
  paid_minor: 0,
  balance_minor: -2489,
  lines: [
    {
      id: 1,
      description: 'Sea kayak (KAY-1) '.repeat(10),
      quantity: 2,
      unit_price_minor: -1200,
      discount_minor: -100,
      tax_minor: -189,
      total_minor: -2489,
    },
  ],
  taxes: [{ name: 'Sales tax', rate_bp: 825, amount_minor: -189 }],
  credits: { id: 7, number: 500_007 },
  settings: {
    is_tax_included: false,
    show_taxes_mode: 'separate',
    tax_comment: 'Tax id 12-345',
    invoice_print_header: 'Nine Bikes & Kayaks · Harbor Front',
    currency_code: 'USD',
    currency_symbol: '$',
  },
  actions: { post: false, credit_note: false, adhoc_charge: false },
});

beforeAll(async () => {
  await initI18n();
});

describe('the invoice receipt', () => {
  it('is a valid receipt document with the totals, taxes, the corrected invoice and the tax comment', () => {
    const receipt = buildInvoiceReceipt({
      t: i18n.t,
      invoice: note,
      business: { site_title: 'Nine Bikes & Kayaks', address: '12 Pier Road', tel: null },
      locale: 'en-US',
    });
    const parsed = receiptDocument.parse(receipt);
    expect(parsed.header).toEqual({
      title: 'Nine Bikes & Kayaks',
      lines: ['Nine Bikes & Kayaks · Harbor Front', '12 Pier Road'],
    });
    expect(parsed.meta).toContainEqual({ label: 'Credit note', value: '#500008' });
    expect(parsed.meta).toContainEqual({ label: 'Corrects invoice', value: '#500007' });
    expect(parsed.lines[0]).toMatchObject({ quantity: 2, unitPrice: -1200, amount: -2300 });
    expect(parsed.lines[0]!.description.length).toBeLessThanOrEqual(128);
    expect(parsed.totals).toContainEqual({ label: 'Total', amount: -2489, emphasis: true });
    expect(parsed.totals).toContainEqual({ label: 'Balance', amount: -2489, emphasis: true });
    expect(parsed.taxes).toEqual([{ label: 'Sales tax', rate: 8.25, base: -2300, amount: -189 }]);
    expect(parsed.footer).toEqual(['Tax id 12-345', 'Thank you!']);
  });
});
