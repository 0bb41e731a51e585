import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CashRegisterState, OrderMoney } from '@nine/shared/schemas/payments';
import { json } from '../../../testing/fake-fetch.ts';
import {
  orderMoney,
  paymentRules,
  registerSession,
  renderOrderMoneyPanels,
  stubMoneyApi,
  setUpMoneyTests,
} from '../testing/money-fixtures.tsx';
import { drawerFor } from './order-money-panels.tsx';

const session = registerSession({ id: 1, opened_at: '2026-11-24T08:00:00Z', float_minor: 10000 });
const frontDesk = (open: boolean): CashRegisterState => ({
  id: 3,
  name: 'Front desk',
  header_title: null,
  default_terminal: null,
  is_active: true,
  version: 1,
  session: open ? session : null,
});

/**
 * A closed rent order paid 56.29 in cash, as the server's ledger has it: each refund adds to what was
 * refunded of the payment, and a refund on a closed order lowers its billed total (a credit note), so the
 * balance stays 0.
 */
function moneyServer(options: { registerOpen?: boolean } = {}) {
  let refunded = 0;
  let registerOpen = options.registerOpen ?? true;
  const money = (): OrderMoney =>
    orderMoney({
      order_id: 90,
      order_type: 'rent',
      order_version: 6,
      order_status: 'closed',
      total_minor: 5629 - refunded,
      paid_minor: 5629 - refunded,
      refunds_unapproved_minor: refunded,
      refunds_below_level2_minor: refunded,
      payments: [
        {
          id: 5,
          method: 'cash',
          amount_minor: 5629,
          tendered_minor: null,
          change_minor: 0,
          refunded_minor: refunded,
          reference: null,
          created_at: '2026-11-24T10:00:00Z',
          created_by: 'Sam',
        },
      ],
      rules: paymentRules({
        has_pay_and_balance_forward: true,
        confirm_change_return: false,
        current_cash_register: 3,
      }),
    });
  return stubMoneyApi(({ path, body }) => {
    if (path === '/api/nine/orders/90/money') return json(200, { data: money() });
    if (path === '/api/nine/cash-registers') return json(200, { data: [frontDesk(registerOpen)] });
    if (path === '/api/nine/cash-registers/3/open') {
      registerOpen = true;
      return json(200, { data: { outcome: null, register: frontDesk(true) } });
    }
    if (path === '/api/nine/payments/5/refunds') {
      refunded += body!.amount_minor as number;
      return json(201, {
        data: { refund_id: 1, payment: { id: 5, refunded_minor: refunded, order_balance_minor: 0 } },
      });
    }
    return undefined;
  });
}

const renderPanels = (props: { refundNeedsApprover?: boolean } = {}) =>
  renderOrderMoneyPanels({
    orderId: 90,
    isRent: true,
    refundNeedsApprover: props.refundNeedsApprover ?? false,
    registersHref: '/nine/cash-registers',
  });

setUpMoneyTests();

describe('order money panels', () => {
  it('after a partial refund the refund button reads what is left to refund, as the ledger says', async () => {
    const sent = moneyServer();
    const onChanged = renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Refund Cash $56.29' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Refund amount/ }), {
      target: { value: '10' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Scratched' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Refunded $10.00 as Cash.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(await screen.findByRole('button', { name: 'Refund Cash $46.29' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund Cash $56.29' })).toBeNull();
    // The closed order's balance stays 0, and the page is told to refresh the rest of the order.
    expect(screen.getByTestId('order-balance').textContent).toBe('Balance: $0.00');
    expect(onChanged).toHaveBeenCalled();
    // Both the order's money and the drawer's expected cash were read again.
    const reads = sent.filter((s) => s.method === 'GET').map((s) => s.path);
    expect(reads.filter((p) => p === '/api/nine/orders/90/money').length).toBeGreaterThanOrEqual(2);
    expect(reads.filter((p) => p === '/api/nine/cash-registers').length).toBeGreaterThanOrEqual(2);
  });

  it('offers the refund to a clerk without the refund permission and asks a manager’s key up front', async () => {
    const sent = moneyServer();
    renderPanels({ refundNeedsApprover: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Refund Cash $56.29' }));
    const dialog = await screen.findByRole('dialog');
    // 5.00 is under the L1 level: only the missing permission asks for the key.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Refund amount/ }), {
      target: { value: '5' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Late' } });
    expect(within(dialog).getByText(/A manager's access key approves this refund/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText("An approver's access key is needed for this amount."),
    ).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Approver's access key/), { target: { value: '9999' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Refunded $5.00 as Cash.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.body)).toEqual([
      { amount_minor: 500, reason: 'Late', access_key: '9999' },
    ]);
  });

  it('says before taking cash that its register is closed, opens it there and then names it open', async () => {
    const sent = moneyServer({ registerOpen: false });
    renderPanels();
    fireEvent.click(await screen.findByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '12' } });
    expect(
      await within(dialog).findByText(
        'The cash register Front desk is closed: open it before taking or giving back cash.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Opening float' }), {
      target: { value: '100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open Front desk' }));
    expect(await within(dialog).findByText('Cash goes to register Front desk (open).')).toBeTruthy();
    // What the clerk typed is still there.
    expect((within(dialog).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('12');
    const posts = sent
      .filter((s) => s.method === 'POST')
      .map(({ method, path, body }) => ({ method, path, body }));
    expect(posts).toEqual([
      { method: 'POST', path: '/api/nine/cash-registers/3/open', body: { float_minor: 10000 } },
    ]);
  });
});

describe('the register cash lands in', () => {
  const other = (id: number, open: boolean): CashRegisterState => ({
    ...frontDesk(open),
    id,
    name: `Till ${id}`,
  });
  it('is the named register, else the only open one, else the only one; unknown otherwise', () => {
    expect(drawerFor(undefined, 3)).toBeUndefined();
    expect(drawerFor([frontDesk(false), other(4, true)], 3)).toEqual({
      id: 3,
      name: 'Front desk',
      open: false,
    });
    expect(drawerFor([frontDesk(false), other(4, true)], null)).toEqual({
      id: 4,
      name: 'Till 4',
      open: true,
    });
    expect(drawerFor([frontDesk(false)], null)).toEqual({ id: 3, name: 'Front desk', open: false });
    expect(drawerFor([frontDesk(false), other(4, false)], null)).toBeUndefined();
    expect(drawerFor([], null)).toBeUndefined();
  });
});
