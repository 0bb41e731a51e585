import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductDetailView } from '@nine/shared/schemas/inventory';
import { initI18n } from '../../../lib/i18n.ts';
import { ProductDetail } from './product-detail.tsx';
import { json, renderWithApp, serve } from './test-render.tsx';

const product: ProductDetailView['product'] = {
  id: 3,
  kind: 'rent',
  sku: 'KAY',
  name: 'Sea kayak',
  option: null,
  category_id: null,
  category: 'Kayaks',
  is_serialized: true,
  barcode: null,
  price_minor: 4000,
  hourly_price_minor: null,
  deposit_minor: 15000,
  active: true,
  version: 1,
  attributes: [],
};
const item = {
  id: 7,
  product_id: 3,
  sku: 'KAY-7',
  barcode: '2900007',
  status: 'available' as const,
  home_location_id: 1,
  home_location: 'Harbour',
  current_location_id: 1,
  current_location: 'Harbour',
  rent_count: 4,
  rent_minutes: 630,
  version: 1,
};
const maintenance = {
  id: 9,
  item_sku: 'KAY-7',
  status: 'closed' as const,
  problem: 'Cracked hull',
  opened_at: '2030-01-01T10:00:00Z',
  closed_at: '2030-01-02T10:00:00Z',
};

const props = {
  productId: 3,
  locations: [{ id: 1, name: 'Harbour' }],
  currentLocationId: 1,
  currencySymbol: '$',
  canChange: false,
  orderHref: (_type: string, id: number) => `/nine/rent-orders/${id}`,
  listHref: '/nine/inventory/rent',
  rentView: true,
};

beforeAll(async () => {
  await initI18n();
});
afterEach(() => vi.unstubAllGlobals());

describe('rent product detail page', { timeout: 20_000 }, () => {
  it('opens through the rent detail endpoint and hides figures the server left out', async () => {
    const view: ProductDetailView = {
      product,
      items: [item],
      stock: [],
      totals: { rent_count: 4, rent_minutes: 630 },
      maintenance: [maintenance],
      figures: false,
    };
    const calls = serve(() => json(200, { data: view }));
    renderWithApp(<ProductDetail {...props} />);

    expect(await screen.findByRole('heading', { name: 'Sea kayak' })).toBeTruthy();
    // The item row and its repair log.
    expect(screen.getAllByText('KAY-7', { selector: 'td' })).toHaveLength(2);
    expect(screen.getByText('Cracked hull')).toBeTruthy();
    // No revenue or cost anywhere, and no rental history (its API needs inventory).
    expect(screen.queryByText('Total revenue')).toBeNull();
    expect(screen.queryByText('Cost')).toBeNull();
    expect(screen.queryByText('Rental history')).toBeNull();
    expect(
      screen.getByText('Rental history, cost and revenue are shown to users with the inventory permission.'),
    ).toBeTruthy();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/nine/inventory/detail/rent/3']);
  });

  it('shows revenue, cost and the rental history to inventory holders', async () => {
    const view: ProductDetailView = {
      product,
      items: [{ ...item, revenue_minor: 16_000 }],
      stock: [],
      totals: { rent_count: 4, rent_minutes: 630, revenue_minor: 16_000 },
      maintenance: [{ ...maintenance, cost_minor: 2_500 }],
      figures: true,
    };
    serve(({ url }) =>
      url.pathname.endsWith('/rentals')
        ? json(200, { data: { rows: [], total: 0, total_capped: false, page: 1, page_size: 10 } })
        : json(200, { data: view }),
    );
    renderWithApp(<ProductDetail {...props} />);

    expect(await screen.findByRole('heading', { name: 'Sea kayak' })).toBeTruthy();
    expect(screen.getAllByText('$160.00').length).toBe(2);
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Rental history' })).toBeTruthy();
  });
});
