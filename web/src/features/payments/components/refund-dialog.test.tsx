import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderPaymentRow } from '@nine/shared/schemas/payments';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import {
  closedRegister,
  paymentRules,
  stubMoneyApi,
  usd,
  setUpMoneyTests,
} from '../testing/money-fixtures.tsx';
import { RefundDialog, type RefundDialogProps } from './refund-dialog.tsx';

const rules = paymentRules({ accept_external_payments: true });
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
  extra: Partial<RefundDialogProps> = {},
) {
  let n = 0;
  renderWithProviders(
    <RefundDialog
      {...extra}
      payment={payment}
      rules={rules}
      refundedSoFar={refundedSoFar}
      format={usd}
      onClose={() => {}}
      onRefunded={onRefunded}
      newKey={() => `refund-${++n}`}
    />,
  );
  return onRefunded;
}

setUpMoneyTests();

describe('refund a payment', () => {
  it('above L2 asks a manager’s access key, shows the server’s refusal of a wrong one, then refunds', async () => {
    const sent = stubMoneyApi(({ body }) => {
      if (body?.access_key !== '1234')
        return json(403, {
          resp_code: 1206,
          resp_message: 'A valid access key is required for this action.',
        });
      return json(201, {
        data: { refund_id: 9, payment: { id: 41, order_balance_minor: 12000, refunded_minor: 12990 } },
      });
    });
    const onRefunded = renderRefund(card);
    expect(await screen.findByText('Up to $120.00 goes back as Card, the original method.')).toBeTruthy();
    const amount = screen.getByRole('textbox', { name: /Refund amount/ });
    expect((amount as HTMLInputElement).value).toBe('120.00');

    // Above what is left to refund: refused before sending.
    fireEvent.change(amount, { target: { value: '130' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most $120.00 of this payment can be refunded.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '120' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Broken bell' } });
    expect(screen.getByText("Above $50.00 a refund needs a manager's access key.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText("An approver's access key is needed for this amount.")).toBeTruthy();
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
    const sent = stubMoneyApi(() =>
      json(201, { data: { refund_id: 1, payment: { id: 41, order_balance_minor: 500 } } }),
    );
    renderRefund({ ...card, refunded_minor: 0 });
    const amount = await screen.findByRole('textbox', { name: /Refund amount/ });
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Late' } });
    expect(screen.queryByLabelText(/Approver's access key/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $5.00 as Card.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([{ amount_minor: 500, reason: 'Late' }]);
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

  it('a clerk without the refund permission gives a manager’s key even for a small refund', async () => {
    const sent = stubMoneyApi(() =>
      json(201, { data: { refund_id: 2, payment: { id: 41, order_balance_minor: 0 } } }),
    );
    renderRefund({ ...card, refunded_minor: 0 }, vi.fn(), undefined, { approverRequired: true });
    const amount = await screen.findByRole('textbox', { name: /Refund amount/ });
    fireEvent.change(amount, { target: { value: '2' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Late' } });
    expect(screen.getByText(/A manager's access key approves this refund/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText("An approver's access key is needed for this amount.")).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Approver's access key/), { target: { value: '4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $2.00 as Card.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([{ amount_minor: 200, reason: 'Late', access_key: '4321' }]);
  });

  it('a cash refund leaves the counter’s register and, when it is closed, says which one and opens it', async () => {
    const till = closedRegister({ id: 7, name: 'Till 2', refusal: 'Open the cash register Till 2 first.' });
    const sent = stubMoneyApi(
      ({ path }) =>
        till(path) ?? json(201, { data: { refund_id: 3, payment: { id: 41, order_balance_minor: 0 } } }),
    );
    renderRefund({ ...card, method: 'cash', reference: null, refunded_minor: 0 }, vi.fn(), undefined, {
      cashRegisterId: 7,
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Refund amount/ }), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText(
        'The cash register Till 2 is closed: open it before taking or giving back cash.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Opening float' }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open Till 2' }));
    expect(await screen.findByText('Till 2 is open: send it again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $5.00 as Cash.')).toBeTruthy();
    expect(sent.map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: '/api/nine/payments/41/refunds',
        body: { amount_minor: 500, reason: 'Late', cash_register_id: 7 },
      },
      { path: '/api/nine/cash-registers/7/open', body: { float_minor: 5000 } },
      {
        path: '/api/nine/payments/41/refunds',
        body: { amount_minor: 500, reason: 'Late', cash_register_id: 7 },
      },
    ]);
  });
});
