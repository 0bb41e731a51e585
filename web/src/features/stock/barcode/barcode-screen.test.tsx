import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScannedItem } from '@nine/shared/schemas/stock';
import { json } from '../../../testing/fake-fetch.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { BarcodeScreen } from './barcode-screen.tsx';

const item: ScannedItem = {
  kind: 'item',
  item_id: 7,
  sku: 'KAY-7',
  barcode: '2900007',
  status: 'maintenance',
  product_id: 3,
  product_kind: 'rent',
  product_name: 'Sea kayak',
  product_sku: 'KAY',
  category: null,
  home_location: 'Harbour',
  current_location: 'Harbour',
  rent_count: 4,
  rent_minutes: 630,
  maintenance_due: false,
  open_repair_log_id: null,
  last_return: null,
  actions: ['send_to_maintenance', 'mark_available'],
};

function renderScreen() {
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'GET') return json(200, { data: item });
      posted.push({ path: new URL(request.url).pathname, body: await request.json() });
      return json(200, { data: { item_id: 7 } });
    }),
  );
  renderWithProviders(
    <BarcodeScreen
      title="Barcode"
      locationId={1}
      scan={{ code: '2900007', seq: 1 }}
      canMaintain
      currencySymbol="$"
      productHref={() => null}
      orderHref={(id) => `/orders/${id}`}
      printHref="/labels"
    />,
  );
  return posted;
}

setUpTranslatedSuite();

describe('barcode screen repair forms', () => {
  it('marks an item available with the cost parsed by the shared money rules', async () => {
    const posted = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark available after repair' }));
    const work = screen.getByRole('textbox', { name: 'Work done' });
    await waitFor(() => expect(document.activeElement).toBe(work));
    const cost = screen.getByRole('textbox', { name: /Cost/ });
    fireEvent.change(cost, { target: { value: '12.5.0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark available' }));
    expect(await screen.findByText('Enter an amount such as 12.50.')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.change(work, { target: { value: ' New seal ' } });
    fireEvent.change(cost, { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark available' }));
    expect(await screen.findByText('KAY-7 is available again.')).toBeTruthy();
    expect(posted).toEqual([
      { path: '/api/nine/stock/items/7/serviced', body: { cost_minor: 1250, work: 'New seal' } },
    ]);
  });

  it('asks what is wrong before sending an item to maintenance', async () => {
    const posted = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Send to maintenance' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open repair log' }));
    expect(await screen.findByText('Fill this in.')).toBeTruthy();
    expect(posted).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /What is wrong/ }), { target: { value: 'Leaks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open repair log' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/api/nine/stock/repair-logs',
      body: { item_id: 7, problem: 'Leaks' },
    });
  });
});
