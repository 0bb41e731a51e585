import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProductDetailView } from '@nine/shared/schemas/inventory';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { ProductDetail } from './product-detail.tsx';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithApp, serve } from '../testing/test-render.tsx';

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

/** The detail answer: the kayak with its one item, no stock rows or services unless given. */
const detail = (view: Partial<ProductDetailView> = {}): ProductDetailView => ({
  product,
  items: [item],
  stock: [],
  totals: { rent_count: 4, rent_minutes: 630 },
  maintenance: [],
  figures: true,
  ...view,
});

/** The rental history's answer for a product never rented. */
const noRentals = () =>
  json(200, { data: { rows: [], total: 0, total_capped: false, page: 1, page_size: 10 } });

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

setUpTranslatedSuite();

describe('rent product detail page', { timeout: 20_000 }, () => {
  it('opens through the rent detail endpoint and hides figures the server left out', async () => {
    const view = detail({ maintenance: [maintenance], figures: false });
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
    const view = detail({
      items: [{ ...item, revenue_minor: 16_000 }],
      totals: { rent_count: 4, rent_minutes: 630, revenue_minor: 16_000 },
      maintenance: [{ ...maintenance, cost_minor: 2_500 }],
    });
    serve(({ url }) => (url.pathname.endsWith('/rentals') ? noRentals() : json(200, { data: view })));
    renderWithApp(<ProductDetail {...props} />);

    expect(await screen.findByRole('heading', { name: 'Sea kayak' })).toBeTruthy();
    expect(screen.getAllByText('$160.00').length).toBe(2);
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Rental history' })).toBeTruthy();
  });

  it('adds an item through the shared schema, with the server’s issues on their fields', async () => {
    const view = detail();
    const calls = serve(({ method, url }) => {
      if (method === 'POST')
        return json(422, {
          resp_code: 1001,
          resp_message: 'Some fields are not valid.',
          data: { issues: [{ path: ['barcode'], code: 'too_big', message: 'Too big: string' }] },
        });
      if (url.pathname.endsWith('/rentals')) return noRentals();
      return json(200, { data: view });
    });
    renderWithApp(<ProductDetail {...props} canChange rentView={false} />);

    const form = await screen.findByRole('form', { name: 'Add item' });
    const add = within(form).getByRole('button', { name: 'Add item' });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(within(form).getByRole('textbox', { name: /Item SKU/ }), {
      target: { value: ' KAY-8 ' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Item barcode/ }), {
      target: { value: '29008' },
    });
    await waitFor(() => expect(add).toHaveProperty('disabled', false));
    fireEvent.click(add);
    const barcode = within(form).getByRole('textbox', { name: /Item barcode/ });
    await waitFor(() => expect(barcode.getAttribute('aria-invalid')).toBe('true'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/nine/inventory/products/3/items');
    expect(JSON.parse((await post.body) as string)).toEqual({
      sku: 'KAY-8',
      barcode: '29008',
      home_location_id: 1,
    });
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('sets a bulk product’s stock once a whole quantity is typed', async () => {
    const view = detail({
      product: { ...product, is_serialized: false },
      items: [],
      stock: [{ location_id: 1, location: 'Harbour', quantity: 3 }],
      totals: { rent_count: 0, rent_minutes: 0 },
    });
    const calls = serve(({ method, url }) => {
      if (method === 'PUT') return json(200, { data: { location_id: 1, quantity: 12 } });
      if (url.pathname.endsWith('/rentals')) return noRentals();
      return json(200, { data: view });
    });
    renderWithApp(<ProductDetail {...props} canChange rentView={false} />);

    const form = await screen.findByRole('form', { name: 'Set quantity' });
    const set = within(form).getByRole('button', { name: 'Set quantity' });
    const quantity = within(form).getByRole('textbox', { name: /Quantity/ });
    fireEvent.change(quantity, { target: { value: '1.5' } });
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(set).toHaveProperty('disabled', true);
    fireEvent.change(quantity, { target: { value: '12' } });
    await waitFor(() => expect(set).toHaveProperty('disabled', false));
    fireEvent.click(set);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/nine/inventory/products/3/stock');
    expect(JSON.parse((await put.body) as string)).toEqual({ location_id: 1, quantity: 12 });
  });
});
