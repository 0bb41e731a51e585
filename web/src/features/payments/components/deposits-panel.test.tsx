import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderMoney } from '@nine/shared/schemas/payments';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { DepositsPanel } from './deposits-panel.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const money: OrderMoney = {
  order_id: 12,
  order_type: 'rent',
  order_version: 4,
  order_status: 'delivered',
  total_minor: 9000,
  paid_minor: 9000,
  balance_minor: 0,
  deposit_required_minor: 20000,
  deposit_held_minor: 20000,
  deposit_in_custody: true,
  customer_credit_minor: 0,
  refunds_unapproved_minor: 0,
  refunds_below_level2_minor: 0,
  payments: [],
  deposits: [
    {
      id: 1,
      kind: 'held',
      method: 'cash',
      amount_minor: 20000,
      reason: null,
      created_at: '2026-11-21T09:00:00Z',
      created_by: 'Sam',
    },
  ],
  rules: {
    allow_staff_credit_card_entry: true,
    accept_external_payments: false,
    has_pay_and_balance_forward: false,
    confirm_change_return: true,
    process_external_refunds: false,
    refund_level1_minor: 1000,
    refund_level2_minor: 5000,
    multi_register: false,
    current_cash_register: null,
  },
};

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('security deposit', () => {
  it('claims part for damage only with a reason, and overrides the required amount with an approver key', async () => {
    const sent: { url: string; body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push({
          url: new URL(request.url).pathname,
          body: await request.json(),
          key: request.headers.get('idempotency-key'),
        });
        return json(201, { data: { movement_id: 2, held_minor: 15000 } });
      }),
    );
    const onChanged = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <DepositsPanel
              money={money}
              format={(m) => `$${(m / 100).toFixed(2)}`}
              formatDate={() => '11/21/2026'}
              canChange
              canOverride
              onChanged={onChanged}
              newKey={() => 'deposit-key'}
            />
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>,
    );
    expect(screen.getByText('In custody')).toBeTruthy();
    expect(screen.getByText('11/21/2026 · collected $200.00 (Cash)')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Deposit action' }), {
      target: { value: 'claimed' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Only $200.00 of deposit is held.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('A reason is required.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Damage reason/ }), {
      target: { value: 'Cracked paddle' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('Claimed $50.00 of the deposit.')).toBeTruthy();
    expect(sent).toEqual([
      {
        url: '/api/nine/orders/12/deposits',
        body: { kind: 'claimed', method: 'cash', amount_minor: 5000, reason: 'Cracked paddle' },
        key: 'deposit-key',
      },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByRole('combobox', { name: 'Deposit action' }), {
      target: { value: 'override' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /New required deposit/ }), {
      target: { value: '80' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Comment/ }), {
      target: { value: 'Regular customer' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Override deposit' }));
    expect(
      await screen.findByText("An approver's access key is needed to override the deposit."),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Approver's access key/), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Override deposit' }));
    expect(await screen.findByText('The required deposit is now $80.00.')).toBeTruthy();
    expect(sent[1]).toEqual({
      url: '/api/nine/rent-orders/12/deposit-override',
      body: { deposit_minor: 8000, version: 4, comment: 'Regular customer', access_key: '1234' },
      key: null,
    });
  });

  it('answers the order view’s Return deposit by choosing the return and focusing its button', () => {
    const panel = (returnRequest: number) => (
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <DepositsPanel
              money={money}
              format={(m) => `$${(m / 100).toFixed(2)}`}
              formatDate={() => '11/21/2026'}
              canChange
              canOverride
              onChanged={() => {}}
              returnRequest={returnRequest}
            />
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>
    );
    const view = render(panel(0));
    const action = screen.getByRole('combobox', { name: 'Deposit action' }) as HTMLSelectElement;
    fireEvent.change(action, { target: { value: 'claimed' } });
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Claim' }));

    view.rerender(panel(1));
    const button = screen.getByRole('button', { name: 'Return deposit' });
    expect(action.value).toBe('returned');
    expect(document.activeElement).toBe(button);
    expect((screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('200.00');

    // Focus moved on by the clerk stays put when the panel re-renders with the same request.
    action.focus();
    view.rerender(panel(1));
    expect(document.activeElement).toBe(action);
  });

  it('returning a deposit in cash goes through the counter’s register, and a closed one is named and opened', async () => {
    const sent: { path: string; body: unknown }[] = [];
    let open = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const path = new URL(request.url).pathname;
        sent.push({ path, body: await request.json() });
        if (path === '/api/nine/cash-registers/7/open') {
          open = true;
          return json(200, {
            data: { outcome: null, register: { id: 7, name: 'Till 2', session: { id: 1 } } },
          });
        }
        if (!open)
          return json(422, {
            resp_code: 1256,
            resp_message: 'Open the cash register Till 2 first.',
            data: { register_id: 7, register_name: 'Till 2' },
          });
        return json(201, { data: { movement_id: 3, held_minor: 0 } });
      }),
    );
    const onChanged = vi.fn();
    render(
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <DepositsPanel
              money={money}
              format={(m) => `$${(m / 100).toFixed(2)}`}
              formatDate={() => '11/21/2026'}
              canChange
              canOverride={false}
              onChanged={onChanged}
              cashRegisterId={7}
              newKey={() => 'return-key'}
            />
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Return deposit' }));
    expect(
      await screen.findByText(
        'The cash register Till 2 is closed: open it before taking or giving back cash.',
      ),
    ).toBeTruthy();
    expect(onChanged).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Open Till 2' }));
    expect(await screen.findByText('Till 2 is open: send it again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return deposit' }));
    expect(await screen.findByText('Returned $200.00 to the customer.')).toBeTruthy();
    const move = { kind: 'returned', method: 'cash', amount_minor: 20000, cash_register_id: 7 };
    expect(sent).toEqual([
      { path: '/api/nine/orders/12/deposits', body: move },
      { path: '/api/nine/cash-registers/7/open', body: { float_minor: 0 } },
      { path: '/api/nine/orders/12/deposits', body: move },
    ]);
  });
});
