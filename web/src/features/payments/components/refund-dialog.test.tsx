import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderPaymentRow, PaymentRules } from '@nine/shared/schemas/payments';
import { i18n, initI18n } from '../../../lib/i18n.ts';
import { RefundDialog } from './refund-dialog.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

const rules: PaymentRules = {
  allow_staff_credit_card_entry: true,
  accept_external_payments: true,
  has_pay_and_balance_forward: false,
  confirm_change_return: true,
  process_external_refunds: false,
  refund_level1_minor: 1000,
  refund_level2_minor: 5000,
  multi_register: false,
  current_cash_register: null,
};
const card: OrderPaymentRow = {
  id: 41,
  method: 'card',
  amount_minor: 12990,
  tendered_minor: null,
  change_minor: 0,
  refunded_minor: 990,
  reference: '4242',
  created_at: '2026-11-21T10:00:00Z',
  created_by: 'Sam',
};

function renderRefund(
  payment: OrderPaymentRow,
  onRefunded = vi.fn(),
  refundedSoFar = { unapprovedMinor: 0, belowLevel2Minor: 0 },
) {
  let n = 0;
  render(
    <ChakraProvider value={defaultSystem}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <RefundDialog
            payment={payment}
            rules={rules}
            refundedSoFar={refundedSoFar}
            format={money}
            onClose={() => {}}
            onRefunded={onRefunded}
            newKey={() => `refund-${++n}`}
          />
        </QueryClientProvider>
      </I18nextProvider>
    </ChakraProvider>,
  );
  return onRefunded;
}

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refund a payment', () => {
  it('above L2 asks a manager’s access key, shows the server’s refusal of a wrong one, then refunds', async () => {
    const sent: { body: Record<string, unknown>; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ body, key: request.headers.get('idempotency-key') });
        if (body.access_key !== '1234')
          return json(403, {
            resp_code: 1206,
            resp_message: 'A valid access key is required for this action.',
          });
        return json(201, {
          data: { refund_id: 9, payment: { id: 41, order_balance_minor: 12000, refunded_minor: 12990 } },
        });
      }),
    );
    const onRefunded = renderRefund(card);
    expect(await screen.findByText('Up to $120.00 goes back as Card, the original method.')).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: /Refund amount/ });
    expect((amount as HTMLInputElement).value).toBe('120.00');

    // Above what is left to refund: refused before sending.
    fireEvent.change(amount, { target: { value: '130' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('At most $120.00 of this payment can be refunded.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '120' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Broken bell' } });
    expect(screen.getByText("Above $50.00 a refund needs a manager's access key.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText("An approver's access key is needed for this amount.")).toBeTruthy();
    expect(sent).toHaveLength(0);

    const key = screen.getByLabelText(/Approver's access key/);
    fireEvent.change(key, { target: { value: '1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('A valid access key is required for this action.')).toBeTruthy();
    expect((key as HTMLInputElement).value).toBe('');

    fireEvent.change(key, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $120.00 as Card.')).toBeTruthy();
    expect(screen.getByText('Balance now: $120.00')).toBeTruthy();
    expect(onRefunded).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.body)).toEqual([
      { amount_minor: 12000, reason: 'Broken bell', access_key: '1111' },
      { amount_minor: 12000, reason: 'Broken bell', access_key: '1234' },
    ]);
    // The same refund retried with another key: the same Idempotency-Key.
    expect(sent.map((s) => s.key)).toEqual(['refund-1', 'refund-1']);
  });

  it('under L1 refunds without asking for an access key', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return json(201, { data: { refund_id: 1, payment: { id: 41, order_balance_minor: 500 } } });
      }),
    );
    renderRefund({ ...card, refunded_minor: 0 });
    const amount = await screen.findByRole('textbox', { name: /Refund amount/ });
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Late' } });
    expect(screen.queryByLabelText(/Approver's access key/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $5.00 as Card.')).toBeTruthy();
    expect(sent).toEqual([{ amount_minor: 500, reason: 'Late' }]);
  });

  it('counts what the order already refunded: a second small refund past L1 in total asks for a key', async () => {
    // 8.00 refunded without an approver; 5.00 more passes the 10.00 L1 in total.
    renderRefund({ ...card, refunded_minor: 800 }, vi.fn(), { unapprovedMinor: 800, belowLevel2Minor: 800 });
    const amount = await screen.findByRole('textbox', { name: /Refund amount/ });
    fireEvent.change(amount, { target: { value: '5' } });
    expect(await screen.findByLabelText(/Approver's access key/)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '2' } });
    expect(screen.queryByLabelText(/Approver's access key/)).toBeNull();
  });

  it('refuses refunding an external payment when the business does not process external refunds', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderRefund({ ...card, method: 'external', refunded_minor: 0 });
    expect(
      await screen.findByText('External payments are not refunded from here (business settings).'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund' }).hasAttribute('disabled')).toBe(true);
  });
});
