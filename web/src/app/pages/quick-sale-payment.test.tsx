import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '@nine/shared/schemas/payments';
import type { OrderDetail } from '../../features/orders/api/get-order.ts';
import {
  QuickSaleScreen,
  type QuickSaleScreenProps,
} from '../../features/orders/components/quick-sale-screen.tsx';
import { waxLookupAnswer } from '../../features/orders/testing/create-fixtures.ts';
import { scanCode, scanWaxAndCompleteSale } from '../../features/orders/testing/quick-sale-steps.ts';
import { orderFixture, orderItemFixture } from '../../features/orders/testing/order-fixtures.ts';
import { setUpTranslatedSuite } from '../../testing/i18n-suite.ts';
import { json } from '../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { salePayment } from './quick-sale-page.tsx';

/** The sale as POST sale-orders answers it: open, its lines pending until it closes. */
const openSale = (overrides: Partial<OrderDetail> = {}): OrderDetail =>
  orderFixture({
    id: 77,
    number: 200077,
    type: 'sale',
    status: 'open',
    version: 1,
    planned_start: null,
    planned_finish: null,
    rental_type_id: null,
    total_minor: 900,
    deposit_minor: 0,
    paid_minor: 0,
    balance_minor: 900,
    customer: null,
    items: [orderItemFixture(1, { product_sku: 'WAX', product_name: 'Surf wax', status: 'pending' })],
    allowed_events: [{ type: 'CLOSE' }, { type: 'CANCEL' }],
    ...overrides,
  });

type Reply = (body: unknown) => Response;

/**
 * The network edge. `closeOnPayment` is the business's close_sale_order: the payment answers the status
 * the server left the sale in. Event POSTs answer the scripted replies in turn. `registerClosed` refuses
 * cash with 1256 (the register Front desk is closed).
 */
function serve({ closeOnPayment = true, events = [] as Reply[], registerClosed = false } = {}) {
  const posted: { path: string; body: unknown; key: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/nine/catalogue/lookup') return waxLookupAnswer(url);
      const body: unknown = request.method === 'POST' ? await request.json() : null;
      if (request.method === 'POST')
        posted.push({ path: url.pathname, body, key: request.headers.get('idempotency-key') });
      if (registerClosed && url.pathname === '/api/nine/payments') {
        return json(422, {
          resp_code: 1256,
          resp_message: 'Open the cash register Front desk before taking cash.',
          data: { register_id: 3, register_name: 'Front desk' },
        });
      }
      if (request.method === 'POST' && url.pathname === '/api/nine/sale-orders') {
        return json(201, { data: openSale() });
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
            order_status: closeOnPayment ? 'closed' : 'open',
          },
        });
      }
      if (request.method === 'POST' && url.pathname === '/api/nine/sale-orders/77/events') {
        const reply = events.shift();
        return reply ? reply(body) : json(500, { resp_code: 1000, resp_message: 'unscripted' });
      }
      if (request.method === 'GET' && url.pathname === '/api/nine/sale-orders/77') {
        return json(200, { data: openSale({ version: 2 }) });
      }
      return json(404, { resp_code: 1004, resp_message: 'not found' });
    }),
  );
  return posted;
}

const closedSale = () =>
  openSale({
    status: 'closed',
    version: 2,
    paid_minor: 900,
    balance_minor: 0,
    closed_at: '2025-01-10T10:00:00Z',
    items: [orderItemFixture(1, { product_sku: 'WAX', product_name: 'Surf wax', status: 'sold' })],
    allowed_events: [],
  });

/** Scans one wax, completes the sale and takes the cash. */
async function sellOneWax() {
  await scanWaxAndCompleteSale();
  fireEvent.click(screen.getByRole('button', { name: 'Take cash payment' }));
  expect(await screen.findByText('Paid $9.00 in cash.')).toBeTruthy();
}

const saleStatus = () => screen.getByRole('group', { name: 'Sale status' });

function renderScreen(props: Partial<QuickSaleScreenProps>) {
  const base: QuickSaleScreenProps = {
    title: 'Quick Sale',
    locationId: 1,
    currencySymbol: '$',
    orderHref: (id) => `/sale-orders/${id}`,
    // The page's composition: the payments feature's cash tender, the server choosing the register.
    renderPayment: salePayment(null),
  };
  const ui = (next: Partial<QuickSaleScreenProps>) => <QuickSaleScreen {...base} {...next} />;
  const view = renderWithProviders(ui(props));
  return { rerender: (next: Partial<QuickSaleScreenProps>) => view.rerender(ui({ ...props, ...next })) };
}

setUpTranslatedSuite();

describe('quick sale: device scans and the receipt', { timeout: 20_000 }, () => {
  it('adds a line per device scan, and hands the sale and its payment to the receipt once paid', async () => {
    serve();
    const receipts: [OrderDetail, PaymentView | null][] = [];
    const renderReceipt = (sale: OrderDetail, payment: PaymentView | null) => {
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

  it('offers no A4 order print: the receipt is the page’s (55 mm, through the agent)', async () => {
    serve();
    renderScreen({ renderReceipt: () => <button type="button">Print the receipt</button> });
    await sellOneWax();
    // The one print action is the receipt's; nothing leads to the A4 order print page.
    expect(screen.getAllByRole('button', { name: 'Print the receipt' })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: 'Print the receipt' })).toBeNull();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.filter((href) => href?.includes('/print'))).toEqual([]);
  });
});

describe('quick sale: ending the sale closed', { timeout: 20_000 }, () => {
  it('shows the sale Closed once paid in full when the business closes sales on full payment', async () => {
    const posted = serve({ closeOnPayment: true });
    renderScreen({});
    await sellOneWax();
    expect(saleStatus().textContent).toContain('Closed');
    expect(screen.queryByRole('button', { name: 'Close sale' })).toBeNull();
    expect(posted.filter((p) => p.path.endsWith('/events'))).toEqual([]);
  });

  it('closes by hand in one click (CLOSE at the sale’s version) when closing is manual', async () => {
    const posted = serve({ closeOnPayment: false, events: [() => json(200, { data: closedSale() })] });
    renderScreen({});
    await sellOneWax();
    expect(saleStatus().textContent).toContain('Open');
    fireEvent.click(screen.getByRole('button', { name: 'Close sale' }));
    expect(await screen.findByText('The sale is closed.')).toBeTruthy();
    expect(saleStatus().textContent).toContain('Closed');
    expect(screen.queryByRole('button', { name: 'Close sale' })).toBeNull();
    expect(posted.filter((p) => p.path.endsWith('/events')).map((p) => p.body)).toEqual([
      { type: 'CLOSE', version: 1 },
    ]);
  });

  it('asks to acknowledge a balance due (1205) and resends acknowledging it', async () => {
    const posted = serve({
      closeOnPayment: false,
      events: [
        () =>
          json(422, {
            resp_code: 1205,
            resp_message: 'Please confirm the warnings before continuing.',
            data: { warnings: ['balance_due'] },
          }),
        () => json(200, { data: closedSale() }),
      ],
    });
    renderScreen({});
    await sellOneWax();
    fireEvent.click(screen.getByRole('button', { name: 'Close sale' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue anyway' }));
    expect(await screen.findByText('The sale is closed.')).toBeTruthy();
    expect(posted.filter((p) => p.path.endsWith('/events')).map((p) => p.body)).toEqual([
      { type: 'CLOSE', version: 1 },
      { type: 'CLOSE', version: 1, acknowledge: ['balance_due'] },
    ]);
  });

  it('says why a close is refused (1254, the server’s translated message) and keeps the sale open', async () => {
    serve({
      closeOnPayment: false,
      events: [
        () =>
          json(422, {
            resp_code: 1254,
            resp_message: 'Les paramètres d’activité ne permettent pas de clôturer cette commande.',
            data: { reasons: [{ reason: 'balance_due', amount_minor: 900 }] },
          }),
      ],
    });
    renderScreen({});
    await sellOneWax();
    fireEvent.click(screen.getByRole('button', { name: 'Close sale' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The sale could not be closed')).toBeTruthy();
    expect(
      within(alert).getByText('Les paramètres d’activité ne permettent pas de clôturer cette commande.'),
    ).toBeTruthy();
    await waitFor(() => expect(saleStatus().textContent).toContain('Open'));
    expect(screen.getByRole('button', { name: 'Close sale' })).toBeTruthy();
  });
});

describe('quick sale: the payments feature takes the cash', { timeout: 20_000 }, () => {
  it("posts the payment once, with an idempotency key, into the counter's register", async () => {
    const posted = serve();
    renderScreen({ renderPayment: salePayment(12) });
    await sellOneWax();
    expect(screen.getByText('Change: $1.00')).toBeTruthy();
    const payments = posted.filter((p) => p.path === '/api/nine/payments');
    expect(payments.map((p) => p.body)).toEqual([
      { order_id: 77, method: 'cash', amount_minor: 900, tendered_minor: 900, cash_register_id: 12 },
    ]);
    expect(payments[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a closed register (1256) shows the notice with its inline open, and the sale stays unpaid', async () => {
    const posted = serve({ registerClosed: true });
    renderScreen({});
    scanCode('400001');
    expect(await screen.findByText('Surf wax')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Complete sale' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Take cash payment' }));
    const notice = await screen.findByTestId('register-closed');
    expect(
      within(notice).getByText(
        'The cash register Front desk is closed: open it before taking or giving back cash.',
      ),
    ).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Open Front desk' })).toBeTruthy();
    expect(screen.queryByText(/in cash\.$/)).toBeNull();
    expect(saleStatus().textContent).toContain('Open');
    expect(posted.filter((p) => p.path === '/api/nine/payments')).toHaveLength(1);
  });
});
