import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { OrderKind } from '../order-kind.ts';
import { orderFixture, orderItemFixture } from '../testing/order-fixtures.ts';
import { renderOrderView } from '../testing/render-order-view.tsx';

/** A quick sale of two shelf products (no serialized items), paid and closed. */
function closedSale(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return orderFixture({
    id: 77,
    number: 200077,
    type: 'sale',
    status: 'closed',
    rental_type_id: null,
    planned_start: null,
    planned_finish: null,
    closed_at: '2025-01-10T10:00:00Z',
    total_minor: 900,
    deposit_minor: 0,
    paid_minor: 900,
    balance_minor: 0,
    items: [
      orderItemFixture(1, { product_sku: 'WAX', product_name: 'Surf wax', status: 'sold' }),
      orderItemFixture(2, { product_sku: 'LEASH', product_name: 'Leash', status: 'sold' }),
    ],
    allowed_events: [],
    ...overrides,
  });
}

function show(kind: OrderKind, order: OrderDetail) {
  stubApi({ [`GET nine/${kind}-orders/${order.id}`]: () => jsonResponse(200, { data: order }) });
  renderOrderView({ kind, id: order.id });
}

setUpTranslatedSuite();

describe('sale order view', { timeout: 20_000 }, () => {
  it('shows a closed sale’s lines as Sold with their product SKU, and no rental panels', async () => {
    show('sale', closedSale());
    expect(await screen.findByRole('heading', { name: 'Order #200077', level: 1 })).toBeTruthy();
    const items = screen.getByRole('region', { name: 'Items' });
    const rows = within(items).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['WAX', 'LEASH']);
    expect(rows.map((row) => within(row).getByText(/^(Sold|Pending)$/).textContent)).toEqual([
      'Sold',
      'Sold',
    ]);
    expect(within(items).queryByText('No SKU')).toBeNull();
    // Participants and the signature belong to rentals.
    expect(screen.queryByRole('heading', { name: 'Participants' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Signature' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Notes' })).toBeTruthy();
  });

  it('shows the delivery fees charged in the payment card', async () => {
    show('rent', orderFixture({ has_delivery: true, delivery_fee_minor: 1_500, total_minor: 6_500 }));
    const card = await screen.findByRole('region', { name: 'Payment' });
    expect(within(card).getByText('Delivery fees').nextSibling?.textContent).toBe('$15.00');
    expect(within(card).getByText('Total').nextSibling?.textContent).toBe('$65.00');
  });

  it('shows no delivery fees row on an order without them', async () => {
    show('rent', orderFixture());
    const card = await screen.findByRole('region', { name: 'Payment' });
    expect(within(card).queryByText('Delivery fees')).toBeNull();
  });

  it('still shows participants and the signature on a rent order', async () => {
    show('rent', orderFixture());
    expect(await screen.findByRole('heading', { name: 'Order #100041', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Participants' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Signature' })).toBeTruthy();
    // A bulk rental line has no SKU of its own: the rental view warns about it.
    expect(screen.getByText('No SKU')).toBeTruthy();
  });
});
