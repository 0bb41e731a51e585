import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderCoupons as Answer } from '@nine/shared/schemas/coupon-settings';
import { jsonResponse, stubFetch } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { orderFixture } from '../testing/order-fixtures.ts';
import { OrderCoupons } from './order-coupons.tsx';

setUpTranslatedSuite();

const none: Answer = { order_id: 41, version: 3, total_minor: 12_500, discount_minor: 0, coupons: [] };
const summer: Answer = {
  order_id: 41,
  version: 4,
  total_minor: 11_250,
  discount_minor: 1_250,
  coupons: [
    {
      coupon_id: 7,
      code: 'SUMMER10',
      title: 'Summer ten',
      discount_kind: 'percent',
      discount_value: 1000,
      discount_minor: 1_250,
      applied_at: '2026-11-24T10:00:00Z',
      applied_by_name: 'Sam Clerk',
    },
  ],
};

/** The coupons as the server holds them; POST applies SUMMER10 (or answers `refuse`), DELETE removes it. */
function serve(refuse?: Response) {
  let current = none;
  const requests = stubFetch({
    'GET /api/nine/orders/41/coupons': () => jsonResponse(200, { data: current }),
    'GET /api/nine/rent-orders/41': () => jsonResponse(200, { data: orderFixture() }),
    'POST /api/nine/orders/41/coupons': () => {
      if (refuse) return refuse;
      current = summer;
      return jsonResponse(201, { data: current });
    },
    'DELETE /api/nine/orders/41/coupons/7': () => {
      current = none;
      return jsonResponse(200, { data: current });
    },
  });
  return requests;
}

const view = (canChange = true, status = 'confirmed') =>
  renderWithProviders(
    <OrderCoupons
      kind="rent"
      locationId={1}
      order={orderFixture({ status: status as never })}
      canChange={canChange}
      currencySymbol="$"
      newKey={() => 'key-1'}
    />,
  );

describe('order coupons', { timeout: 20_000 }, () => {
  it('applies a code with an idempotency key, shows the discount, and removes it', async () => {
    const requests = serve();
    view();
    expect(await screen.findByText('No coupon on this order.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), { target: { value: 'summer10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const list = await screen.findByRole('list', { name: 'Coupons applied' });
    expect(within(list).getByText('SUMMER10 · Summer ten')).toBeTruthy();
    expect(within(list).getByText('10% off')).toBeTruthy();
    expect(screen.getByText('Coupon discount')).toBeTruthy();
    expect(screen.getAllByText('-$12.50').length).toBe(2);
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.headers.get('idempotency-key')).toBe('key-1');
    expect(await post.json()).toEqual({ code: 'SUMMER10' });
    expect(screen.getByRole('status').textContent).toBe('Coupon SUMMER10 applied.');

    fireEvent.click(screen.getByRole('button', { name: 'Remove coupon SUMMER10' }));
    expect(await screen.findByText('No coupon on this order.')).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
  });

  it('shows the server’s refusal', async () => {
    serve(
      jsonResponse(422, {
        resp_code: 1683,
        resp_message: 'This coupon does not apply to this kind of order.',
      }),
    );
    view();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Coupon code' }), {
      target: { value: 'SALEONLY' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toContain('does not apply to this kind of order');
  });

  it('offers no changes without the right or on a closed order', async () => {
    serve();
    view(false);
    expect(await screen.findByText('No coupon on this order.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
    view(true, 'closed');
    await waitFor(() => expect(screen.getAllByText('No coupon on this order.')).toHaveLength(2));
    expect(screen.queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
  });
});
