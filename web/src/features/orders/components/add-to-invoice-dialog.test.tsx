import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import type { OrderDetail, OrderItem } from '../api/get-order.ts';
import { invoiceableItems } from '../view/invoiceable-items.ts';
import { orderFixture, orderItemFixture } from '../testing/order-fixtures.ts';
import { renderOrderView } from '../testing/render-order-view.tsx';

function line(id: number, overrides: Partial<OrderItem> = {}): OrderItem {
  return orderItemFixture(id, {
    product_name: `Product ${id}`,
    product_category: null,
    unit_price_minor: 2_000,
    status: 'delivered',
    ...overrides,
  });
}

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return orderFixture({
    status: 'partially-returned',
    total_minor: 8_000,
    balance_minor: 8_000,
    deposit_in_custody: true,
    customer: null,
    items: [
      line(1, { product_name: 'Sea kayak', status: 'returned' }),
      line(2, { product_name: 'Paddle' }),
      line(3, { product_name: 'Helmet', status: 'confirmed' }),
      line(4, { product_name: 'Map', invoiced: true }),
    ],
    allowed_events: [],
    timeline: [],
    manual_invoice_time: 'after_deliver',
    ...overrides,
  });
}

const renderView = (onReturnDeposit?: () => void) =>
  renderOrderView(onReturnDeposit ? { onReturnDeposit } : {});

setUpTranslatedSuite();

describe('invoiceable items', () => {
  it('follows manual_invoice_time and leaves billed, cancelled and pre-cancelled lines out', () => {
    const ids = (o: OrderDetail) => invoiceableItems(o).map((i) => i.id);
    expect(ids(order())).toEqual([1, 2]);
    expect(ids(order({ manual_invoice_time: 'anytime' }))).toEqual([1, 2, 3]);
    expect(ids(order({ manual_invoice_time: 'after_return' }))).toEqual([1]);
    expect(ids(order({ manual_invoice_time: 'never' }))).toEqual([]);
    expect(ids(order({ status: 'pre-cancel', manual_invoice_time: 'anytime' }))).toEqual([]);
    // A sale is handed over at the counter: only 'never' holds its lines back.
    expect(ids(order({ type: 'sale', manual_invoice_time: 'after_return' }))).toEqual([1, 2, 3]);
  });
});

describe('order view: add to invoice and return deposit', { timeout: 20_000 }, () => {
  it('adds the chosen lines to the invoice with one idempotency key, and shows them invoiced', async () => {
    const posted: { body: unknown; key: string | null }[] = [];
    let current = order();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (request.method === 'GET') return jsonResponse(200, { data: current });
        if (url.pathname === '/api/nine/rent-orders/41/invoice-items') {
          posted.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
          if (posted.length === 1)
            return jsonResponse(409, { resp_code: 1021, resp_message: 'Someone else changed this order.' });
          current = {
            ...current,
            version: 4,
            items: current.items.map((i) => (i.id <= 2 ? { ...i, invoiced: true } : i)),
          };
          return jsonResponse(200, { data: { invoice_id: 77, order: current } });
        }
        return jsonResponse(404, { resp_code: 1004, resp_message: 'not found' });
      }),
    );
    renderView();
    const add = await screen.findByRole('button', { name: 'Add to invoice: Paddle' });
    // Not delivered yet under after_deliver, or billed already: no action on those lines.
    expect(screen.queryByRole('button', { name: 'Add to invoice: Helmet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to invoice: Map' })).toBeNull();
    fireEvent.click(add);

    const dialog = await screen.findByRole('dialog', { name: 'Add to invoice' });
    const paddle = within(dialog).getByRole('checkbox', { name: /Paddle/ }) as HTMLInputElement;
    const kayak = within(dialog).getByRole('checkbox', { name: /Sea kayak/ }) as HTMLInputElement;
    expect(paddle.checked).toBe(true);
    expect(kayak.checked).toBe(false);
    fireEvent.click(kayak);
    await waitFor(() => expect(kayak.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to invoice (2)' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();

    // The retry of the same lines sends the same key, so the server bills them once.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to invoice (2)' }));
    expect(await screen.findByText('The items were added to the invoice.')).toBeTruthy();
    expect(posted).toHaveLength(2);
    expect(posted[0]!.body).toEqual({ version: 3, item_ids: [1, 2] });
    expect(posted[1]!.key).toBe(posted[0]!.key);
    expect(posted[0]!.key).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Add to invoice:/ })).toBeNull());
  });

  it('offers Return deposit while a deposit is held, leading to the page’s deposits panel', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: order() })),
    );
    const onReturnDeposit = vi.fn();
    renderView(onReturnDeposit);
    const actions = await screen.findByRole('region', { name: 'Order actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Return deposit' }));
    // Also on the returned line's row.
    fireEvent.click(screen.getByRole('button', { name: 'Return deposit: Sea kayak' }));
    expect(onReturnDeposit).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Return deposit: Paddle' })).toBeNull();
  });

  it('does not offer Return deposit when none is held or the page does not pass it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { data: order({ deposit_in_custody: false }) })),
    );
    renderView(vi.fn());
    await screen.findByRole('button', { name: 'Add to invoice: Paddle' });
    expect(screen.queryByRole('button', { name: /Return deposit/ })).toBeNull();
  });
});
