import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import { QuickSaleScreen } from './quick-sale-screen.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const wax: CatalogueMatch = {
  kind: 'product',
  product_id: 1,
  product_sku: 'WAX',
  product_name: 'Surf wax',
  product_category: null,
  price_minor: 450,
  deposit_minor: 0,
  item_id: null,
  item_sku: null,
  barcode: '400001',
  item_status: null,
  stock_quantity: 30,
};

const posted: { body: unknown; key: string | null }[] = [];
function serve() {
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/nine/catalogue/lookup') {
        return json(200, { data: { matches: url.searchParams.get('code') === '400001' ? [wax] : [] } });
      }
      if (request.method === 'POST' && url.pathname === '/api/nine/sale-orders') {
        posted.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return json(201, { data: { id: 77, number: 200077 } });
      }
      return json(404, { resp_code: 1004, resp_message: 'not found' });
    }),
  );
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quick sale screen (against the proposed lookup endpoint)', () => {
  it('works from the keyboard: scans add lines, + raises the quantity, checkout sends one idempotent sale', async () => {
    serve();
    render(
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <QuickSaleScreen
              title="Quick Sale"
              currencySymbol="$"
              orderHref={(id) => `/sale-orders/${id}`}
              printHref={(id) => `/sale-orders/${id}/print`}
            />
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>,
    );
    const scan = screen.getByLabelText('Scan or type a code');
    expect(document.activeElement).toBe(scan);
    fireEvent.change(scan, { target: { value: '400001' } });
    fireEvent.submit(scan.closest('form')!);
    const lines = await screen.findByRole('table', { name: 'Sale lines' });
    expect(within(lines).getByText('Surf wax')).toBeTruthy();

    fireEvent.keyDown(scan, { key: '+' });
    await waitFor(() =>
      expect((screen.getByLabelText('Quantity of Surf wax') as HTMLInputElement).value).toBe('2'),
    );
    expect(screen.getAllByText('$9.00').length).toBeGreaterThan(0);

    fireEvent.change(scan, { target: { value: 'nope' } });
    fireEvent.submit(scan.closest('form')!);
    expect(await screen.findByText('Nothing matches nope.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Sale #200077 completed.')).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ items: [{ product_id: 1, quantity: 2, discount_minor: 0 }] });
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'Print the receipt' }).getAttribute('href')).toBe(
      '/sale-orders/77/print',
    );
  });
});
