import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderAtPath } from '../../../testing/render-at-path.tsx';
import { printStylesheet } from '../../../components/print-sheet.tsx';
import { invoiceFixture } from '../testing/invoice-fixtures.ts';
import { InvoicePrint, type InvoicePrintWidth } from './invoice-print.tsx';

const detail = invoiceFixture({
  type: 'rent',
  order_type: 'rent',
  billing_from: '2025-01-10T09:00:00Z',
  billing_to: '2025-01-12T09:00:00Z',
  subtotal_minor: 8000,
  discount_minor: 800,
  tax_minor: 594,
  total_minor: 7794,
  paid_minor: 7794,
  balance_minor: 0,
  customer_detail: { id: 3, name: 'Ada Lovelace', phone: null, email: null, address: '1 Analytical Way' },
  lines: [
    {
      id: 1,
      description: 'Sea kayak (KAY-1)',
      quantity: 2,
      unit_price_minor: 4000,
      discount_minor: 0,
      tax_minor: 594,
      total_minor: 8594,
    },
  ],
  taxes: [{ name: '', rate_bp: 825, amount_minor: 594 }],
  settings: {
    is_tax_included: false,
    show_taxes_mode: 'combined',
    tax_comment: null,
    invoice_print_header: 'Nine Bikes & Kayaks',
    currency_code: 'USD',
    currency_symbol: '$',
  },
  actions: { post: false, credit_note: true, adhoc_charge: false },
});

function renderPrint(width: InvoicePrintWidth) {
  stubFetch(() => json(200, { data: detail }));
  renderAtPath(
    '/invoices/7/print',
    <InvoicePrint
      id={7}
      locationId={1}
      width={width}
      backHref="/invoices/7"
      controls={() => <button type="button">Print receipt</button>}
    />,
  );
}

setUpTranslatedSuite();

describe('invoice print', () => {
  it('lays out the A4 sheet with the header, period, lines, the combined tax and totals', async () => {
    renderPrint('a4');
    const sheet = await screen.findByRole('article', { name: 'Invoice #500007 for printing' });
    expect(within(sheet).getByText('Nine Bikes & Kayaks')).toBeTruthy();
    expect(
      within(sheet).getByText('Billing period: 01/10/2025 to 01/12/2025', { exact: false }),
    ).toBeTruthy();
    expect(within(sheet).getByText('Sea kayak (KAY-1)')).toBeTruthy();
    expect(within(sheet).getByText('Tax (8.25 %)')).toBeTruthy();
    expect(within(sheet).getByText('-$8.00')).toBeTruthy();
    expect(within(sheet).getAllByText('$77.94')).toHaveLength(2); // total and paid
    expect(within(sheet).getByText('1 Analytical Way')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print (A4)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(printStylesheet('a4')).toContain('size: A4');
  });

  it('prints 55 mm through the page’s receipt controls, without the A4 button', async () => {
    renderPrint('55mm');
    const sheet = await screen.findByRole('article', { name: 'Invoice #500007 for printing' });
    expect(within(sheet).getByText('2 × $40.00')).toBeTruthy();
    expect(within(sheet).queryByText('1 Analytical Way')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Print (A4)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
    expect(printStylesheet('55mm')).toContain('size: 55mm auto');
  });
});
