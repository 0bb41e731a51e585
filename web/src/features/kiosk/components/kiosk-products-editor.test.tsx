import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { KioskProductsEditor } from './kiosk-products-editor.tsx';

setUpTranslatedSuite();

const kayak = {
  product_id: 7,
  name: 'Paddle board',
  option: null,
  price_minor: 4000,
  deposit_minor: 0,
  sort: 0,
};
const catalogueRow = (id: number, name: string, isSerialized: boolean) => ({
  id,
  kind: 'rent',
  sku: `S-${id}`,
  name,
  option: null,
  category: null,
  is_serialized: isSerialized,
  barcode: null,
  price_minor: 500,
  deposit_minor: 0,
});

describe('KioskProductsEditor', () => {
  it('adds bulk gear only, reorders, and saves the whole list in order', async () => {
    let saved = { products: [kayak] };
    const calls = stubApi({
      'GET nine/kiosk/products': () => jsonResponse(200, { data: saved }),
      'GET nine/catalogue/products': () =>
        jsonResponse(200, {
          data: {
            rows: [
              catalogueRow(7, 'Paddle board', false),
              catalogueRow(9, 'Life jacket', false),
              catalogueRow(11, 'Sea kayak', true),
            ],
            page: 1,
            page_size: 100,
          },
        }),
      'PUT nine/kiosk/products': (body) => {
        const ids = (body as { product_ids: number[] }).product_ids;
        saved = {
          products: ids.map((id, sort) => ({
            ...kayak,
            product_id: id,
            name: id === 7 ? 'Paddle board' : 'Life jacket',
            sort,
          })),
        };
        return jsonResponse(200, { data: saved });
      },
    });
    renderWithProviders(<KioskProductsEditor canChange currencySymbol="$" />);
    const select = await screen.findByLabelText('Rental product');
    // The serialized kayak is rented at the counter: not offered.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a product', 'Life jacket']),
    );
    fireEvent.change(select, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Life jacket up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the kiosk list' }));
    expect(await screen.findByText('Kiosk list saved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      product_ids: [9, 7],
      shown_product_ids: [7],
    });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Life jacket'),
      expect.stringContaining('Paddle board'),
    ]);
  });

  it('says when someone changed the list first, and shows their list instead of the draft', async () => {
    let saved = { products: [kayak] };
    stubApi({
      'GET nine/kiosk/products': () => jsonResponse(200, { data: saved }),
      'GET nine/catalogue/products': () =>
        jsonResponse(200, {
          data: { rows: [catalogueRow(9, 'Life jacket', false)], page: 1, page_size: 100 },
        }),
      'PUT nine/kiosk/products': () => {
        saved = { products: [] };
        return jsonResponse(409, {
          resp_code: 1021,
          resp_message: 'Changed meanwhile.',
          data: { product_ids: [] },
        });
      },
    });
    renderWithProviders(<KioskProductsEditor canChange currencySymbol="$" />);
    const select = await screen.findByLabelText('Rental product');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    fireEvent.change(select, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the kiosk list' }));
    expect(await screen.findByText(/Someone else changed this list meanwhile/)).toBeTruthy();
    // The other person's (now empty) list replaces the draft.
    expect(await screen.findByText('No products on the kiosk yet.')).toBeTruthy();
  });
});
