import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Stocktake } from '@nine/shared/schemas/stock';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { json, stubFetch } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { StocktakeScreen } from './stocktake-screen.tsx';

const line = (sku: string, location = 'Dock') => ({
  item_id: sku.length,
  sku,
  barcode: sku,
  product_name: 'Kayak',
  status: 'available' as const,
  current_location: location,
  scanned_at: null,
});

const open: Stocktake = {
  id: 7,
  status: 'open',
  started_at: '2031-01-01T09:00:00Z',
  started_by: 'Sam',
  approved_by: 'Alex',
  closed_at: null,
  expected: 2,
  counted: 0,
  missing: [line('K-1'), line('K-22')],
  unexpected: [],
};

let current: Stocktake | null = null;
const posts: { url: string; body: unknown }[] = [];

beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  posts.length = 0;
});

function serve() {
  stubFetch(async (request, url) => {
    if (request.method === 'POST') {
      const body: unknown = await request.json();
      posts.push({ url: url.pathname, body });
      if (url.pathname === '/api/nine/stock/stocktakes') {
        if ((body as { access_key: string }).access_key !== '1234')
          return json(403, { resp_code: 1206, resp_message: 'An access key is required.' });
        current = open;
        return json(201, { data: open });
      }
      if (url.pathname === '/api/nine/stock/stocktakes/7/scans') {
        const code = (body as { code: string }).code;
        if (code === 'NOPE')
          return json(404, { resp_code: 1332, resp_message: 'No item or product has this code.' });
        const counted = { ...open, counted: 1, missing: [line('K-22')] };
        current = counted;
        return json(200, { data: { outcome: 'counted', line: line(code), stocktake: counted } });
      }
    }
    if (url.pathname === '/api/nine/stock/stocktakes/current')
      return json(200, { data: { stocktake: current } });
    if (url.pathname === '/api/nine/stock/stocktakes') return json(200, { data: { rows: [], total: 0 } });
    return json(404, { resp_code: 1004, resp_message: 'Not found' });
  });
}

function renderScreen(scan: { code: string; seq: number } | null = null) {
  const ui = (s: typeof scan) => <StocktakeScreen title="Stocktake" locationId={1} scan={s} canChange />;
  const view = renderWithProviders(ui(scan));
  return { rerender: (s: typeof scan) => view.rerender(ui(s)) };
}

describe('stocktake screen', () => {
  it('says none is running, starts with an access key and shows a refused key in the dialog', async () => {
    current = null;
    serve();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'No Stocktake Found' })).toBeTruthy();
    expect(
      screen.getByText('Click Start and enter an access key to begin counting this location.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByLabelText(/Access key/), { target: { value: '9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'An access key is required.',
    );
    fireEvent.change(within(dialog).getByLabelText(/Access key/), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Stocktake #7 started', { exact: false })).toBeTruthy();
    expect(posts.map((p) => p.body)).toEqual([{ access_key: '9999' }, { access_key: '1234' }]);
  });

  it('counts a scan from the page’s scanner and names an unknown typed code', async () => {
    current = open;
    serve();
    const view = renderScreen();
    const missing = await screen.findByRole('table', { name: 'Missing items' });
    expect(within(missing).getAllByRole('row')).toHaveLength(3);
    view.rerender({ code: 'K-1', seq: 1 });
    await waitFor(() => expect(screen.getByText('Counted K-1 (Kayak).')).toBeTruthy());
    expect(within(screen.getByRole('table', { name: 'Missing items' })).getAllByRole('row')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Barcode or SKU'), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Count' }));
    expect(await screen.findByText('No item has the code NOPE.')).toBeTruthy();
    expect(posts.map((p) => p.body)).toEqual([{ code: 'K-1' }, { code: 'NOPE' }]);
  });
});
