import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import { CatalogueSearchField } from './catalogue-search-field.tsx';

const cityBike: CatalogueMatch = {
  kind: 'item',
  product_id: 4,
  product_sku: 'CITY-1',
  product_name: 'Urban 3',
  product_category: 'City bikes',
  price_minor: 2500,
  deposit_minor: 10000,
  item_id: 41,
  item_sku: 'CITY-1-001',
  barcode: '2900000000011',
  item_status: 'available',
  stock_quantity: null,
};

/** Answers searches as the server would; a search for "slow" waits until `release` is called. */
function serve() {
  const searched: string[] = [];
  let release = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname !== '/api/nine/catalogue/search') return jsonResponse(404, { resp_code: 1004 });
      const search = url.searchParams.get('search') ?? '';
      searched.push(search);
      if (search === 'slow') await new Promise<void>((resolve) => (release = resolve));
      return jsonResponse(200, { data: { matches: search === 'bike' ? [cityBike] : [] } });
    }),
  );
  return { searched, release: () => release() };
}

function renderField() {
  const onPick = vi.fn();
  renderWithProviders(<CatalogueSearchField kind="rent" locationId={1} onPick={onPick} />);
  return { onPick, box: screen.getByRole('searchbox', { name: 'Search products' }) };
}

setUpTranslatedSuite();

describe('the item step search', () => {
  it('lists the matches with their category, and adds the one picked', async () => {
    const { searched } = serve();
    const { onPick, box } = renderField();
    fireEvent.change(box, { target: { value: 'bike' } });
    const list = await screen.findByRole('list', { name: 'Matches for “bike”' });
    expect(within(list).getByText('Urban 3 (CITY-1-001)')).toBeTruthy();
    expect(within(list).getByText('City bikes')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Add Urban 3 (CITY-1-001)' }));
    expect(onPick).toHaveBeenCalledWith(cityBike);
    expect(searched).toEqual(['bike']);
  });

  it('says nothing matches, and what to try instead, in a live status', async () => {
    serve();
    const { box } = renderField();
    fireEvent.change(box, { target: { value: 'zeppelin' } });
    const empty = await screen.findByTestId('catalogue-search-empty');
    expect(empty.textContent).toContain('Nothing matches “zeppelin”.');
    expect(empty.textContent).toContain('Try a SKU, a barcode or a category');
    expect(empty.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows it is searching while the answer is on its way, never an early "nothing matches"', async () => {
    const server = serve();
    const { box } = renderField();
    fireEvent.change(box, { target: { value: 'slow' } });
    // Before the pause in typing has passed, and while the request runs.
    expect(screen.getByTestId('catalogue-search-loading').textContent).toContain('Searching for “slow”…');
    await vi.waitFor(() => expect(server.searched).toEqual(['slow']));
    expect(screen.getByTestId('catalogue-search-loading')).toBeTruthy();
    expect(screen.queryByTestId('catalogue-search-empty')).toBeNull();
    server.release();
    expect(await screen.findByTestId('catalogue-search-empty')).toBeTruthy();
    expect(screen.queryByTestId('catalogue-search-loading')).toBeNull();
  });

  it('waits for two characters before asking', async () => {
    const { searched } = serve();
    const { box } = renderField();
    fireEvent.change(box, { target: { value: 'k' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searched).toEqual([]);
    expect(screen.queryByTestId('catalogue-search-loading')).toBeNull();
    expect(screen.queryByTestId('catalogue-search-empty')).toBeNull();
  });
});
