import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { CashPaymentForm } from './cash-payment-form.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cash payment after a sale', () => {
  it('offers the balance, shows the change, and sends one idempotent cash payment', async () => {
    const posted: { body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        posted.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
        return json(201, {
          data: {
            id: 5,
            order_id: 77,
            method: 'cash',
            amount_minor: 1299,
            tendered_minor: 2000,
            change_minor: 701,
            order_total_minor: 1299,
            order_paid_minor: 1299,
            order_balance_minor: 0,
            order_status: 'closed',
          },
        });
      }),
    );
    render(
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <CashPaymentForm orderId={77} balanceMinor={1299} money={(m) => `$${(m / 100).toFixed(2)}`} />
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>,
    );
    expect(screen.getByText('Amount due: $12.99')).toBeTruthy();
    const tendered = screen.getByRole('textbox', { name: 'Cash received' });
    expect((tendered as HTMLInputElement).value).toBe('12.99');
    fireEvent.change(tendered, { target: { value: '5' } });
    expect(screen.getByRole('button', { name: 'Take cash payment' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(tendered, { target: { value: '20' } });
    expect(screen.getByText('Change: $7.01')).toBeTruthy();
    fireEvent.submit(tendered.closest('form')!);
    expect(await screen.findByText('Paid $12.99 in cash.')).toBeTruthy();
    expect(screen.getByText('Balance: $0.00')).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      order_id: 77,
      method: 'cash',
      amount_minor: 1299,
      tendered_minor: 2000,
    });
    expect(posted[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends the cash to this counter's register when the location runs several", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        posted.push(await request.json());
        return json(201, {
          data: {
            id: 6,
            order_id: 78,
            method: 'cash',
            amount_minor: 500,
            tendered_minor: 500,
            change_minor: 0,
            order_total_minor: 500,
            order_paid_minor: 500,
            order_balance_minor: 0,
            order_status: 'closed',
          },
        });
      }),
    );
    render(
      <ChakraProvider value={defaultSystem}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient()}>
            <CashPaymentForm
              orderId={78}
              balanceMinor={500}
              cashRegisterId={12}
              money={(m) => `$${(m / 100).toFixed(2)}`}
            />
          </QueryClientProvider>
        </I18nextProvider>
      </ChakraProvider>,
    );
    fireEvent.submit(screen.getByRole('textbox', { name: 'Cash received' }).closest('form')!);
    expect(await screen.findByText('Paid $5.00 in cash.')).toBeTruthy();
    expect(posted).toEqual([
      { order_id: 78, method: 'cash', amount_minor: 500, tendered_minor: 500, cash_register_id: 12 },
    ]);
  });
});
