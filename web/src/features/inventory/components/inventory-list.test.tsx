import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InventoryListRow } from '@nine/shared/schemas/inventory';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { InventoryList } from './inventory-list.tsx';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithApp, serve } from '../testing/test-render.tsx';

const item: InventoryListRow = {
  key: 'item:7',
  row_type: 'item',
  item_id: 7,
  product_id: 3,
  product_name: 'Sea kayak',
  sku: 'KAY-7',
  barcode: '2900007',
  category: 'Kayaks',
  option: 'Red',
  home_location: 'Harbour',
  current_location: 'Beach',
  status: 'maintenance',
  quantity: null,
  rent_count: 4,
  rent_minutes: 630,
  revenue_minor: 16_000,
};
const bulk: InventoryListRow = {
  ...item,
  key: 'stock:4',
  row_type: 'stock',
  item_id: null,
  product_id: 4,
  product_name: 'Life jacket',
  sku: 'PFD-1',
  status: null,
  quantity: 12,
  home_location: 'Harbour',
  current_location: 'Harbour',
};

setUpTranslatedSuite();

const renderRentList = (defaultPageSize: number) =>
  renderWithApp(
    <InventoryList
      kind="rent"
      title="Rent Inventory"
      locationId={1}
      currencySymbol="$"
      defaultPageSize={defaultPageSize}
      productHref={(id) => `/inventory/detail/rent/${id}`}
    />,
  );

describe('inventory list', { timeout: 20_000 }, () => {
  it('shows the product table of spec section 3 and sends filters and sorts to the server', async () => {
    const calls = serve(({ url }) =>
      url.pathname.endsWith('/categories')
        ? json(200, {
            data: {
              show_images: true,
              rows: [
                {
                  id: 5,
                  parent_id: null,
                  name: 'Kayaks',
                  image_url: null,
                  sort_order: 0,
                  product_count: 1,
                  attribute_ids: [],
                },
              ],
            },
          })
        : json(200, { data: { rows: [item, bulk], total: 2, total_capped: false, page: 1, page_size: 25 } }),
    );
    renderRentList(25);
    const table = await screen.findByRole('table', { name: 'Rent Inventory: 1–2 of 2' });
    const kayak = within(table).getByRole('link', { name: 'KAY-7' });
    expect(kayak.getAttribute('href')).toBe('/inventory/detail/rent/3');
    const row = kayak.closest('tr')!;
    for (const text of [
      'Sea kayak',
      'Kayaks',
      'Red',
      'Harbour',
      'Beach',
      'In maintenance',
      '4',
      '10.5',
      '$160.00',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(table).getByText('Bulk')).toBeTruthy();
    expect(within(table).getByText('12')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'kay' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'maintenance' } });
    await screen.findByRole('option', { name: 'Kayaks' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname.endsWith('/inventory/rent')).at(-1)!;
      expect(Object.fromEntries(last.url.searchParams)).toEqual({
        page: '1',
        page_size: '25',
        sort: 'sku',
        sort_type: 'asc',
        search: 'kay',
        status: 'maintenance',
        category_id: '5',
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Total revenue' }));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname.endsWith('/inventory/rent')).at(-1)!;
      expect(last.url.searchParams.get('sort')).toBe('revenue');
    });
    expect(screen.getByRole('columnheader', { name: /Total revenue/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('pages with the shared pager: its sizes, a capped count and a size change back to page 1', async () => {
    const calls = serve(({ url }) =>
      url.pathname.endsWith('/categories')
        ? json(200, { data: { show_images: true, rows: [] } })
        : json(200, {
            data: {
              rows: [item, bulk],
              total: 10000,
              total_capped: true,
              page: Number(url.searchParams.get('page')),
              page_size: 2,
            },
          }),
    );
    const list = () => calls.filter((c) => c.url.pathname.endsWith('/inventory/rent'));
    renderRentList(2);
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1')).toBeTruthy();
    expect(within(pager).getByRole<HTMLButtonElement>('button', { name: 'Previous page' }).disabled).toBe(
      true,
    );
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(list().at(-1)!.url.searchParams.get('page')).toBe('2'));
    expect(await within(pager).findByText('Page 2')).toBeTruthy();

    const size = within(pager).getByLabelText<HTMLSelectElement>('Rows per page');
    expect([...size.options].map((option) => option.value)).toEqual(['10', '25', '50', '100']);
    fireEvent.change(size, { target: { value: '50' } });
    await waitFor(() =>
      expect(Object.fromEntries(list().at(-1)!.url.searchParams)).toMatchObject({
        page: '1',
        page_size: '50',
      }),
    );
  });
});
