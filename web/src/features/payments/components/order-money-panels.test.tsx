import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderMoney } from '@nine/shared/schemas/payments';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { OrderMoneyPanels } from './order-money-panels.tsx';

// NOTE: rebuilt after this file was overwritten by mistake (issue #15, payments side); it covers the
// deposits panel being for rentals. The ledger tests of these panels live in order-money-ledger.test.tsx.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saleMoney = (deposits: OrderMoney['deposits']): OrderMoney => ({
  order_id: 31,
  order_type: 'sale',
  order_version: 2,
  order_status: 'open',
  total_minor: 2000,
  paid_minor: 0,
  balance_minor: 2000,
  deposit_required_minor: 0,
  deposit_held_minor: deposits.reduce((sum, d) => sum + d.amount_minor, 0),
  deposit_in_custody: deposits.length > 0,
  customer_credit_minor: 0,
  refunds_unapproved_minor: 0,
  refunds_below_level2_minor: 0,
  payments: [],
  deposits,
  rules: {
    allow_staff_credit_card_entry: true,
    accept_external_payments: false,
    has_pay_and_balance_forward: false,
    confirm_change_return: false,
    process_external_refunds: false,
    refund_level1_minor: 1000,
    refund_level2_minor: 5000,
    multi_register: false,
    current_cash_register: null,
  },
});

function renderPanels(money: OrderMoney, isRent: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/nine/orders/31/money') return json(200, { data: money });
      return json(200, { data: [] });
    }),
  );
  render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <OrderMoneyPanels
            orderId={31}
            locationId={1}
            isRent={isRent}
            format={(minor) => `$${(minor / 100).toFixed(2)}`}
            formatDate={() => '11/24/2026'}
            canPay
            canRefund
            cashRegisterId={null}
            printHref={(id) => `/payments/${id}/print`}
            renderLink={(href, label) => <a href={href}>{label}</a>}
            onChanged={() => {}}
          />
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

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
