import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@nine/shared/money';
import { priceBreakdown } from '@nine/shared/tax';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import type { RentQuote } from '../api/quote-rent-order.ts';
import type { CreateOrderContext } from '../create/create-order-machine.ts';
import { adaPick } from '../testing/create-fixtures.ts';
import { ReviewStep } from './create-order-screen.tsx';

const bike: CatalogueMatch = {
  kind: 'item',
  product_id: 10,
  product_sku: 'CITY',
  product_name: 'City bike',
  product_category: 'Bikes',
  price_minor: 3200,
  deposit_minor: 20000,
  item_id: 501,
  item_sku: 'CB-01',
  barcode: '290000000501',
  item_status: 'available',
  stock_quantity: null,
};
const helmet: CatalogueMatch = {
  ...bike,
  kind: 'product',
  product_id: 20,
  product_sku: 'HELMET',
  product_name: 'Helmet',
  price_minor: 1000,
  deposit_minor: 0,
  item_id: null,
  item_sku: null,
  barcode: '29000020',
  stock_quantity: 12,
};

/** The demo shop's quote for a day: 32.00 + 2 × 10.00 = 52.00, Sales tax 8.25%. */
function quote(isTaxIncluded: boolean): RentQuote {
  // The server answers serialized items first, bulk products after.
  const lines = [
    { item_id: 501, product_id: 10, quantity: 1, unit_price_minor: 3200, deposit_minor: 20000 },
    { item_id: null, product_id: 20, quantity: 2, unit_price_minor: 1000, deposit_minor: 0 },
  ].map((line) => ({
    ...line,
    available: true,
    available_quantity: line.item_id === null ? 12 : null,
    product_category: 'Kayaks',
    product_sku: `SKU-${line.product_id}`,
  }));
  const breakdown = priceBreakdown({
    lines: lines.map((line) => ({ ...line, discount_minor: 0 })),
    taxes: [{ name: 'Sales tax', rate_bp: 825 }],
    is_tax_included: isTaxIncluded,
    show_taxes_mode: 'separate',
  });
  return {
    lines,
    net_minor: 5200,
    tax_minor: breakdown.tax_minor,
    total_minor: breakdown.total_minor,
    deposit_minor: 20000,
    is_tax_included: isTaxIncluded,
    price_breakdown: breakdown,
  };
}

function renderReview(isTaxIncluded: boolean) {
  const context: CreateOrderContext = {
    customer: adaPick,
    start: '2030-06-01T09:00:00Z',
    finish: '2030-06-02T09:00:00Z',
    // Added in the other order than the quote answers them.
    lines: [
      { key: 'product:20', match: helmet, quantity: 2, discountMinor: 0, available: true },
      { key: 'item:501', match: bike, quantity: 1, discountMinor: 0, available: true },
    ],
    status: 'confirmed',
    staffNote: '',
    customerNote: '',
    ccSkipped: false,
    lookup: { status: 'idle' },
    quote: quote(isTaxIncluded),
    idempotencyKey: null,
    unavailable: [],
    error: null,
    created: null,
    newKey: () => 'key',
  };
  renderWithProviders(<ReviewStep context={context} send={() => {}} money={(minor) => formatMoney(minor)} />);
}

/** The summary's rows as the clerk reads them: label and amount. */
const summaryRows = () =>
  within(screen.getByLabelText('Estimated total'))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

setUpTranslatedSuite();

describe('the create-order review', () => {
  it('shows the added tax with its rate before a total that holds it, never "Plus tax"', () => {
    renderReview(false);
    expect(screen.queryByText(/plus tax/i)).toBeNull();
    expect(summaryRows()).toEqual([
      ['Subtotal', '$52.00'],
      ['Sales tax 8.25%', '$4.29'],
      ['Total', '$56.29'],
    ]);
    // Each line at its quoted price, adding up to the subtotal.
    const lines = within(screen.getByRole('list', { name: 'Items on the order' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '2 × Helmet$20.00',
      '1 × City bike (CB-01)$32.00',
    ]);
  });

  it('shows included tax after the total as what the total holds', () => {
    renderReview(true);
    expect(screen.queryByText(/plus tax/i)).toBeNull();
    // 52.00 holds 52.00 − round(52.00 / 1.0825) = 3.96 of tax.
    expect(summaryRows()).toEqual([
      ['Subtotal', '$52.00'],
      ['Total', '$52.00'],
      ['Includes Sales tax 8.25%', '$3.96'],
    ]);
  });
});
