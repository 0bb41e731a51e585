import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse } from '../../../testing/fake-api.ts';
import type { OrderDetail } from '../api/get-order.ts';
import { orderFixture, orderItemFixture } from '../testing/order-fixtures.ts';
import { renderOrderView } from '../testing/render-order-view.tsx';

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return orderFixture({
    total_minor: 5_000,
    deposit_minor: 0,
    balance_minor: 5_000,
    customer: null,
    items: [orderItemFixture(1, { item_id: 501, item_sku: 'KAY-01', product_name: 'Sea kayak' })],
    allowed_events: [],
    timeline: [],
    photo_max_bytes: 1_048_576,
    ...overrides,
  });
}

interface Sent {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

/** The network edge: GET answers the order; every change answers the scripted next order. */
function serve(initial: OrderDetail, next: (sent: Sent) => OrderDetail | Response) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = typeof input === 'string' ? new Request(`http://nine.test${input}`, init) : input;
      const url = new URL(request.url);
      if (request.method === 'GET' && url.pathname === '/api/nine/rent-orders/41')
        return jsonResponse(200, { data: initial });
      // The coupons panel's own read (order-coupons.tsx), not a change.
      if (request.method === 'GET' && url.pathname === '/api/nine/orders/41/coupons')
        return jsonResponse(200, {
          data: { order_id: 41, version: 1, total_minor: 0, discount_minor: 0, coupons: [] },
        });
      const type = request.headers.get('content-type') ?? '';
      const body = type.includes('json')
        ? await request.json()
        : type.includes('multipart')
          ? 'multipart'
          : null;
      const entry = { method: request.method, path: url.pathname, body, headers: request.headers };
      sent.push(entry);
      const answer = next(entry);
      return answer instanceof Response ? answer : jsonResponse(200, { data: answer });
    }),
  );
  return sent;
}

const renderView = (props: { canChange?: boolean } = {}) =>
  renderOrderView({ canChange: props.canChange ?? true, token: 'tok-1' });

setUpTranslatedSuite();

describe('order view: customer info, photos, change cost', { timeout: 40_000 }, () => {
  it('adds a participant and a typed signature, showing what the server answers', async () => {
    const sent = serve(order(), (s) =>
      s.path.endsWith('/participants')
        ? order({ participants: [{ id: 9, name: 'Ada', age: 36, weight_kg: null, notes: null }] })
        : order({
            participants: [{ id: 9, name: 'Ada', age: 36, weight_kg: null, notes: null }],
            signature: {
              method: 'typed',
              signer_name: 'Ada Lovelace',
              image: 'data:image/svg+xml;base64,PHN2Zy8+',
              signed_at: '2025-01-12T10:00:00Z',
              signed_by: 'Alex Admin',
            },
          }),
    );
    renderView();
    const participants = await screen.findByRole('region', { name: 'Participants' });
    fireEvent.change(within(participants).getByLabelText(/Name/), { target: { value: 'Ada' } });
    fireEvent.change(within(participants).getByLabelText('Age'), { target: { value: '36' } });
    fireEvent.click(within(participants).getByRole('button', { name: 'Add participant' }));
    expect(await within(participants).findByText('Participant added.')).toBeTruthy();
    expect(within(participants).getByText('Age 36')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/nine/rent-orders/41/participants',
      body: { name: 'Ada', age: 36, weight_kg: null, notes: null },
    });

    const signature = screen.getByRole('region', { name: 'Signature' });
    // Keyboard alternative to the pad: the typed name.
    fireEvent.click(within(signature).getByRole('button', { name: 'Type the name instead' }));
    fireEvent.change(within(signature).getByLabelText(/Signer's name/), {
      target: { value: 'Ada Lovelace' },
    });
    fireEvent.click(within(signature).getByRole('button', { name: 'Save signature' }));
    expect(await within(signature).findByRole('img', { name: 'Signature of Ada Lovelace' })).toBeTruthy();
    expect(sent[1]).toMatchObject({
      method: 'PUT',
      path: '/api/nine/rent-orders/41/signature',
      body: { method: 'typed', signer_name: 'Ada Lovelace' },
    });
  });

  it('changes an item cost with a reason and an access key, then shows the timeline entry', async () => {
    const sent = serve(order(), () =>
      order({
        version: 4,
        items: [{ ...order().items[0]!, unit_price_minor: 4_000 }],
        timeline: [
          {
            at: '2025-01-12T10:00:00Z',
            user: 'Alex Admin',
            action: 'change_cost',
            data: { order_item_id: 1, old: 5000, new: 4000, comment: 'Loyal customer' },
          },
        ],
      }),
    );
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Change cost: Sea kayak (KAY-01)' }));
    const dialog = await screen.findByRole('dialog');
    const price = within(dialog).getByLabelText(/New unit price/) as HTMLInputElement;
    expect(price.value).toBe('50.00');
    fireEvent.change(price, { target: { value: '40.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change cost' }));
    // The reason is required: nothing is sent without it.
    expect(await within(dialog).findByText(/Give a reason/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Loyal customer' } });
    fireEvent.change(within(dialog).getByLabelText("Approver's access key"), { target: { value: '4321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change cost' }));
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    // A sentence with both prices (the symbol once the view hands the timeline its currency).
    expect(await within(timeline).findByText(/^Price changed from \$?50\.00 to \$?40\.00$/)).toBeTruthy();
    expect(within(timeline).getByText('Reason: Loyal customer')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      path: '/api/nine/rent-orders/41/change-cost',
      body: {
        order_item_id: 1,
        unit_price_minor: 4_000,
        version: 3,
        comment: 'Loyal customer',
        access_key: '4321',
      },
    });
  });

  it('uploads a photo with the token, refusing too large or wrong files before sending', async () => {
    const sent = serve(order(), () =>
      order({
        order_image: 'x.png',
        photos: [
          {
            id: 5,
            file_name: 'boat.png',
            content_type: 'image/png',
            size_bytes: 2048,
            created_at: '2025-01-12T10:00:00Z',
            created_by: 'Alex Admin',
          },
        ],
      }),
    );
    renderView();
    const photos = await screen.findByRole('region', { name: 'Photos' });
    const input = within(photos).getByLabelText('Photo file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await within(photos).findByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    const big = new File([new Uint8Array(2_000_000)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await within(photos).findByText('The file is larger than 1 MB.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(input, { target: { files: [new File(['png'], 'boat.png', { type: 'image/png' })] } });
    fireEvent.click(within(photos).getByRole('button', { name: 'Upload photo' }));
    expect(await within(photos).findByText('boat.png')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/nine/rent-orders/41/photos',
      body: 'multipart',
    });
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(sent[0]!.headers.get('location-id')).toBe('1');
  });

  it('shows another location’s order without offering changes', async () => {
    serve(order({ location_id: 2 }), () => order());
    renderView();
    expect(
      await screen.findByText('This order belongs to another location: select that location to change it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add participant' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change cost/ })).toBeNull();
    expect(screen.queryByLabelText('Photo file')).toBeNull();
  });
  it('replaces an item, asking to confirm a change of options or category when the server wants it', async () => {
    const sent = serve(order(), () =>
      sent.length === 1
        ? jsonResponse(422, {
            resp_code: 1205,
            resp_message: 'Please confirm the warnings before continuing.',
            data: { warnings: ['category_change'] },
          })
        : order({
            version: 4,
            items: [{ ...order().items[0]!, item_sku: 'CAN-07', product_name: 'Canoe' }],
            timeline: [
              {
                at: '2025-01-12T10:00:00Z',
                user: 'Alex Admin',
                action: 'item_replaced',
                data: { order_item_id: 1, old_sku: 'KAY-01', new_sku: 'CAN-07' },
              },
            ],
          }),
    );
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace item: Sea kayak (KAY-01)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/SKU of the new item/), { target: { value: 'CAN-07' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace item' }));
    expect(
      await within(dialog).findByText('This action will change item options/category. Are you sure?'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace anyway' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText('Item KAY-01 replaced by CAN-07')).toBeTruthy();
    expect(screen.getByText('CAN-07')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([
      { version: 3, sku: 'CAN-07', acknowledge: [] },
      { version: 3, sku: 'CAN-07', acknowledge: ['category_change'] },
    ]);
    expect(sent[0]!.path).toBe('/api/nine/rent-orders/41/items/1/replace');
  });
  it('offers replacing a delivered item only under the activity switch, and says it was delivered at once', async () => {
    const out = { ...order().items[0]!, status: 'delivered' as const };
    serve(order({ items: [out], replace_delivered: false }), () => order());
    const { unmount } = renderView();
    expect(await screen.findByRole('button', { name: 'Assign delivery: Sea kayak (KAY-01)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace item: Sea kayak (KAY-01)' })).toBeNull();
    unmount();

    const sent = serve(order({ items: [out], replace_delivered: true }), () =>
      order({
        version: 4,
        replace_delivered: true,
        items: [{ ...out, item_id: 502, item_sku: 'KAY-02' }],
        timeline: [
          {
            at: '2025-01-12T10:00:00Z',
            user: 'Alex Admin',
            action: 'item_replaced',
            data: { order_item_id: 1, old_sku: 'KAY-01', new_sku: 'KAY-02', delivered: true },
          },
        ],
      }),
    );
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace item: Sea kayak (KAY-01)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/SKU of the new item/), { target: { value: 'KAY-02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(
      await within(timeline).findByText('Item KAY-01 replaced by KAY-02 and delivered at once'),
    ).toBeTruthy();
    expect(sent.map((s) => s.path)).toEqual(['/api/nine/rent-orders/41/items/1/replace']);
  });
  it('assigns a delivery to an item with its date and the customer address by default', async () => {
    const sent = serve(order(), () =>
      order({
        version: 4,
        has_delivery: true,
        timeline: [
          {
            at: '2025-01-12T10:00:00Z',
            user: 'Alex Admin',
            action: 'delivery_assigned',
            data: { item_ids: [1] },
          },
        ],
      }),
    );
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Assign delivery: Sea kayak (KAY-01)' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose a date and time.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Scheduled for/), {
      target: { value: '2025-01-15T08:30' },
    });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'pickup' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/nine/rent-orders/41/deliveries',
      body: { type: 'pickup', scheduled_at: new Date('2025-01-15T08:30').toISOString(), item_ids: [1] },
    });
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText('Delivery assigned')).toBeTruthy();
  });
});
