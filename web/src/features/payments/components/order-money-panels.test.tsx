import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderMoney } from '@nine/shared/schemas/payments';
import { json } from '../../../testing/fake-fetch.ts';
import {
  orderMoney,
  paymentRules,
  renderOrderMoneyPanels,
  stubMoneyApi,
  setUpMoneyTests,
} from '../testing/money-fixtures.tsx';

// NOTE: rebuilt after this file was overwritten by mistake (issue #15, payments side); it covers the
// deposits panel being for rentals. The ledger tests of these panels live in order-money-ledger.test.tsx.

const saleMoney = (deposits: OrderMoney['deposits']): OrderMoney =>
  orderMoney({
    order_id: 31,
    order_type: 'sale',
    order_version: 2,
    order_status: 'open',
    total_minor: 2000,
    paid_minor: 0,
    deposit_held_minor: deposits.reduce((sum, d) => sum + d.amount_minor, 0),
    deposit_in_custody: deposits.length > 0,
    deposits,
    rules: paymentRules({ confirm_change_return: false }),
  });

function renderPanels(money: OrderMoney, isRent: boolean) {
  stubMoneyApi(({ path }) =>
    path === '/api/nine/orders/31/money' ? json(200, { data: money }) : json(200, { data: [] }),
  );
  renderOrderMoneyPanels({ orderId: 31, isRent });
}

setUpMoneyTests();

describe('order money panels: the security deposit belongs to rentals', () => {
  it('a sale without a deposit shows payments only', async () => {
    renderPanels(saleMoney([]), false);
    expect(await screen.findByRole('heading', { name: 'Payments' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Security deposit' })).toBeNull();
  });

  it('a sale that somehow holds a deposit still shows it, so it can be given back', async () => {
    renderPanels(
      saleMoney([
        {
          id: 1,
          kind: 'held',
          method: 'cash',
          amount_minor: 500,
          reason: null,
          created_at: '2026-11-24T09:00:00Z',
          created_by: 'Sam',
        },
      ]),
      false,
    );
    expect(await screen.findByRole('heading', { name: 'Security deposit' })).toBeTruthy();
  });

  it('a rent order always shows its deposit panel', async () => {
    renderPanels({ ...saleMoney([]), order_type: 'rent' }, true);
    expect(await screen.findByRole('heading', { name: 'Security deposit' })).toBeTruthy();
  });
});
