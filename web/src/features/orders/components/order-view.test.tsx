import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import type { OrderDetail } from '../api/get-order.ts';
import { orderFixture } from '../testing/order-fixtures.ts';
import { renderOrderView } from '../testing/render-order-view.tsx';

const order = orderFixture;

type Reply = (request: Request, body: unknown) => Response;

/** The network edge: GETs answer the current order, event POSTs the scripted replies in turn. */
function serve(initial: OrderDetail, replies: Reply[]) {
  let current = initial;
  const posted: unknown[] = [];
  let gets = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === `/api/nine/rent-orders/${initial.id}`) {
        gets += 1;
        return jsonResponse(200, { data: current });
      }
      if (request.method === 'POST' && url.pathname === `/api/nine/rent-orders/${initial.id}/events`) {
        const body: unknown = await request.json();
        posted.push(body);
        const reply = replies.shift();
        return reply
          ? reply(request, body)
          : jsonResponse(500, { resp_code: 1000, resp_message: 'unscripted' });
      }
      return jsonResponse(404, { resp_code: 1004, resp_message: 'not found' });
    }),
  );
  return {
    posted,
    gets: () => gets,
    setCurrent: (next: OrderDetail) => {
      current = next;
    },
  };
}

const renderView = (canChange = true) =>
  renderOrderView({ canChange, printLinks: [{ label: 'Print (A4)', href: '/rent-orders/41/print' }] });

setUpTranslatedSuite();

describe('order view', { timeout: 20_000 }, () => {
  it('shows the customer, money, items, timeline and only the actions allowed_events lists', async () => {
    serve(order(), []);
    renderView();
    expect(await screen.findByRole('heading', { name: 'Order #100041', level: 1 })).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('N1 9GU')).toBeTruthy();
    expect(screen.getAllByText('$125.00').length).toBeGreaterThan(0);
    expect(screen.getByText('Order created')).toBeTruthy();

    const actions = screen.getByRole('region', { name: 'Order actions' });
    expect(within(actions).getByRole('button', { name: 'Deliver all (2)' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    expect(within(actions).queryByRole('button', { name: /Return/ })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Close order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Deliver: Sea kayak (KAY-01)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel item: Paddle' })).toBeTruthy();
    expect(screen.getByText('No SKU')).toBeTruthy();
  });

  it('offers no actions to someone who may only view', async () => {
    serve(order(), []);
    renderView(false);
    expect(await screen.findByText('You may view this order but not change it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Deliver/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save notes' })).toBeNull();
  });

  it('asks to confirm the warnings of a 1205, naming the items with no SKU, and resends acknowledging them', async () => {
    const delivered = order({
      status: 'delivered',
      version: 4,
      items: order().items.map((i) => ({ ...i, status: 'delivered' as const })),
      allowed_events: [{ type: 'RETURN', item_ids: [1, 2] }],
    });
    const server = serve(order(), [
      () =>
        jsonResponse(422, {
          resp_code: 1205,
          resp_message: 'Please confirm the warnings before continuing.',
          data: { warnings: ['no_sku', 'unpaid'] },
        }),
      () => jsonResponse(200, { data: delivered }),
    ]);
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver all (2)' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('These items have no SKU: Paddle')).toBeTruthy();
    expect(within(dialog).getByText('This order is not fully paid.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue anyway' }));

    expect(await screen.findByText('Delivered.')).toBeTruthy();
    expect(server.posted).toEqual([
      { type: 'DELIVER', item_ids: [1, 2], version: 3 },
      { type: 'DELIVER', item_ids: [1, 2], version: 3, acknowledge: ['no_sku', 'unpaid'] },
    ]);
    expect(await screen.findByRole('button', { name: 'Return all (2)' })).toBeTruthy();
  });

  it('cancels with an access key: warns about the payment, clears a refused key and sends the next', async () => {
    const cancelled = order({ status: 'pre-cancel', version: 4, paid_minor: 2_000, allowed_events: [] });
    const server = serve(order({ paid_minor: 2_000 }), [
      () => jsonResponse(403, { resp_code: 1206, resp_message: 'The access key is not valid.' }),
      () => jsonResponse(200, { data: cancelled }),
    ]);
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Access key required' });
    expect(within(dialog).getByText('Has payment, are you sure to proceed?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Keep the order' })).toBeTruthy();
    const key = () => within(dialog).getByLabelText<HTMLInputElement>(/^Access key(?! required)/);
    fireEvent.change(key(), { target: { value: '9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The access key is not valid.',
    );
    expect(key().value).toBe('');
    fireEvent.change(key(), { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(server.posted).toHaveLength(2));
    expect(server.posted).toEqual([
      { type: 'CANCEL', version: 3, access_key: '9999' },
      { type: 'CANCEL', version: 3, access_key: '1234' },
    ]);
    expect(
      await screen.findByText('Cancelled: the order waits in pre-cancel until the payment is refunded.'),
    ).toBeTruthy();
  });

  it('on a stale version (1021) says so and reloads the order, whose new version the next action sends', async () => {
    const server = serve(order(), [
      () =>
        jsonResponse(409, {
          resp_code: 1021,
          resp_message: 'Someone else changed this order in the meantime.',
          data: { version: 5 },
        }),
    ]);
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Deliver: Sea kayak (KAY-01)' }));
    // Someone else confirmed a change meanwhile: the reload brings version 5.
    server.setCurrent(order({ version: 5, staff_note: 'changed elsewhere' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Someone else changed this order in the meantime. It has been reloaded',
    );
    await waitFor(() => expect(server.gets()).toBe(2));
    await waitFor(() =>
      expect((screen.getByLabelText('Staff note') as HTMLTextAreaElement).value).toBe('changed elsewhere'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Deliver: Sea kayak (KAY-01)' }));
    await waitFor(() => expect(server.posted).toHaveLength(2));
    expect(server.posted[1]).toMatchObject({ type: 'DELIVER', item_ids: [1], version: 5 });
  });

  it('keeps the staff note within 255 characters before anything is sent', async () => {
    serve(order(), []);
    renderView();
    const note = await screen.findByLabelText('Staff note');
    fireEvent.change(note, { target: { value: 'x'.repeat(256) } });
    // Checked by the shared schema as typed (its resolver answers asynchronously).
    expect(await screen.findByText('At most 255 characters.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save notes' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(note, { target: { value: 'Call before delivery' } });
    expect(await screen.findByText('20 of 255 characters')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save notes' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
