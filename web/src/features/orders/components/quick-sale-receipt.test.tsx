import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import type { TakenPayment } from '../api/take-payment.ts';
import { QuickSaleScreen, type QuickSaleScreenProps } from './quick-sale-screen.tsx';

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

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/nine/catalogue/lookup') {
        return json(200, { data: { matches: url.searchParams.get('code') === '400001' ? [wax] : [] } });
      }
      if (request.method === 'POST' && url.pathname === '/api/nine/sale-orders') {
        return json(201, { data: { id: 77, number: 200077, balance_minor: 900, items: [] } });
      }
      if (request.method === 'POST' && url.pathname === '/api/nine/payments') {
        return json(201, {
          data: {
            id: 5,
            order_id: 77,
            method: 'cash',
            amount_minor: 900,
            tendered_minor: 1000,
            change_minor: 100,
            order_total_minor: 900,
            order_paid_minor: 900,
            order_balance_minor: 0,
            order_status: 'closed',
          },
        });
      }
      return json(404, { resp_code: 1004, resp_message: 'not found' });
    }),
  );
}

function renderScreen(props: Partial<QuickSaleScreenProps>) {
  const base: QuickSaleScreenProps = {
    title: 'Quick Sale',
    currencySymbol: '$',
    orderHref: (id) => `/sale-orders/${id}`,
    printHref: (id) => `/sale-orders/${id}/print`,
  };
  const ui = (next: Partial<QuickSaleScreenProps>) => (
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <QuickSaleScreen {...base} {...next} />
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>
  );
  const view = render(ui(props));
  return { rerender: (next: Partial<QuickSaleScreenProps>) => view.rerender(ui({ ...props, ...next })) };
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quick sale: device scans and the receipt', { timeout: 20_000 }, () => {
  it('adds a line per device scan, and hands the sale and its payment to the receipt once paid', async () => {
    serve();
    const receipts: [OrderDetail, TakenPayment | null][] = [];
    const renderReceipt = (sale: OrderDetail, payment: TakenPayment | null) => {
      receipts.push([sale, payment]);
      return <p>{payment === null ? 'receipt waits' : `receipt for payment ${payment.id}`}</p>;
    };
    const view = renderScreen({ deviceScan: { code: '400001', seq: 1 }, renderReceipt });
    expect(await screen.findByText('Surf wax')).toBeTruthy();
    // The same scan object again is not a new scan; a new seq with the same code is.
    view.rerender({ deviceScan: { code: '400001', seq: 1 }, renderReceipt });
    view.rerender({ deviceScan: { code: '400001', seq: 2 }, renderReceipt });
    await waitFor(() =>
      expect((screen.getByLabelText('Quantity of Surf wax') as HTMLInputElement).value).toBe('2'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('receipt waits')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take cash payment' }));
    expect(await screen.findByText('receipt for payment 5')).toBeTruthy();
    const [sale, payment] = receipts.at(-1)!;
    expect(sale.id).toBe(77);
    expect(payment).toMatchObject({ order_id: 77, change_minor: 100 });
    // A scan over the finished sale adds nothing.
    view.rerender({ deviceScan: { code: '400001', seq: 3 }, renderReceipt });
    expect(screen.queryByLabelText('Quantity of Surf wax')).toBeNull();
  });
});
