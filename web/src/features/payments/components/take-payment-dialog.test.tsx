import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import {
  closedRegister,
  orderMoney,
  stubMoneyApi,
  usd,
  setUpMoneyTests,
} from '../testing/money-fixtures.tsx';
import { TakePaymentDialog, type TakePaymentDialogProps } from './take-payment-dialog.tsx';

const order = orderMoney({
  order_id: 77,
  order_type: 'sale',
  order_version: 3,
  order_status: 'open',
  total_minor: 2598,
  paid_minor: 0,
});

/** The server's answer to a payment: the order's balance after everything posted so far. */
function paymentServer(options: { failFirstCard?: boolean } = {}) {
  let paid = 0;
  let failed = false;
  const posted = stubMoneyApi(({ body }) => {
    if (!body) return undefined;
    if (options.failFirstCard && body.method === 'card' && !failed) {
      failed = true;
      throw new TypeError('Failed to fetch');
    }
    paid += body.amount_minor as number;
    const payment: Partial<PaymentView> = {
      id: posted.length,
      order_id: 77,
      method: body.method as PaymentView['method'],
      amount_minor: body.amount_minor as number,
      tendered_minor: (body.tendered_minor as number | undefined) ?? null,
      change_minor: body.tendered_minor ? (body.tendered_minor as number) - (body.amount_minor as number) : 0,
      order_total_minor: 2598,
      order_paid_minor: paid,
      order_balance_minor: 2598 - paid,
      order_status: 'open',
    };
    return json(201, { data: payment });
  });
  return posted;
}

function renderDialog(onPaid = vi.fn(), extra: Partial<TakePaymentDialogProps> = {}) {
  let n = 0;
  renderWithProviders(
    <TakePaymentDialog
      {...extra}
      open
      onClose={() => {}}
      money={order}
      cashRegisterId={null}
      format={usd}
      onPaid={onPaid}
      newKey={() => `key-${++n}`}
    />,
  );
  return onPaid;
}

setUpMoneyTests();

describe('take payment', () => {
  it('splits one payment into cash with change due and a card part, each sent once with its own key', async () => {
    const posted = paymentServer();
    const onPaid = renderDialog();
    expect(await screen.findByText('Amount due: $25.98')).toBeTruthy();

    const [cashAmount] = screen.getAllByRole('textbox', { name: 'Amount' });
    fireEvent.change(cashAmount!, { target: { value: '10' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Cash received' }), { target: { value: '20.00' } });
    expect(screen.getByText('Change due: $10.00')).toBeTruthy();
    expect(screen.getByText('$15.98 will still be due.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Split: add another method' }));
    const methods = screen.getAllByRole('combobox', { name: 'Method' });
    expect((methods[1] as HTMLSelectElement).value).toBe('card');
    expect((screen.getAllByRole('textbox', { name: 'Amount' })[1] as HTMLInputElement).value).toBe('15.98');
    expect(screen.getByText('This settles the balance.')).toBeTruthy();

    // A card part needs its last 4 digits or the terminal's reference: nothing is sent without it.
    fireEvent.click(screen.getByRole('button', { name: 'Take $25.98' }));
    expect(
      await screen.findByText("Enter the card's last 4 digits or the terminal's reference."),
    ).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Card last 4 or reference/ }), {
      target: { value: '4242' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Take $25.98' }));

    expect(await screen.findByText('Paid $25.98.')).toBeTruthy();
    expect(screen.getByText('Cash: $10.00')).toBeTruthy();
    expect(screen.getByText('Card: $15.98')).toBeTruthy();
    expect(screen.getByText('Change due: $10.00')).toBeTruthy();
    expect(screen.getByText('Balance now: $0.00')).toBeTruthy();
    expect(posted.map((p) => p.body)).toEqual([
      { order_id: 77, method: 'cash', amount_minor: 1000, tendered_minor: 2000 },
      { order_id: 77, method: 'card', amount_minor: 1598, reference: '4242' },
    ]);
    expect(posted.map((p) => p.key)).toEqual(['key-1', 'key-2']);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onPaid.mock.calls[0]![0].map((p: PaymentView) => p.method)).toEqual(['cash', 'card']);

    // confirm_change_return: the clerk confirms the change went back before closing.
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change of $10.00 returned' }));
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('refuses more than the balance without pay and balance forward, before sending anything', async () => {
    const posted = paymentServer();
    renderDialog();
    fireEvent.change((await screen.findAllByRole('textbox', { name: 'Amount' }))[0]!, {
      target: { value: '30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Take $30.00' }));
    expect(await screen.findByText('The amount is above the balance of $25.98.')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('after a lost answer keeps the part already taken and retries the failed part with the same key', async () => {
    const posted = paymentServer({ failFirstCard: true });
    renderDialog();
    fireEvent.change((await screen.findAllByRole('textbox', { name: 'Amount' }))[0]!, {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Split: add another method' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Card last 4 or reference/ }), {
      target: { value: 'T-991' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Take $25.98' }));
    expect(await screen.findByText('1 part was taken; the next one failed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Paid $25.98.')).toBeTruthy();
    expect(posted.map((p) => [p.body?.method, p.key])).toEqual([
      ['cash', 'key-1'],
      ['card', 'key-2'],
      ['card', 'key-2'],
    ]);
  });

  it('cash refused because its register is closed: names it, opens it there, and the same payment goes through', async () => {
    const desk = closedRegister({
      id: 3,
      name: 'Front desk',
      refusal: 'Open the cash register Front desk before taking cash.',
    });
    const posted = stubMoneyApi(
      ({ path }) =>
        desk(path) ??
        json(201, {
          data: { id: 1, method: 'cash', amount_minor: 2598, change_minor: 402, order_balance_minor: 0 },
        }),
    );
    renderDialog(vi.fn(), { registersHref: '/nine/cash-registers' });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Cash received' }), {
      target: { value: '30' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Take $25.98' }));
    expect(
      await screen.findByText(
        'The cash register Front desk is closed: open it before taking or giving back cash.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The payment was not taken.')).toBeTruthy();
    // The way to the registers screen opens beside this one, so nothing typed here is lost.
    const link = screen.getByRole('link', { name: /Go to the cash registers/ });
    expect(link.getAttribute('href')).toBe('/nine/cash-registers');
    expect(link.getAttribute('target')).toBe('_blank');

    fireEvent.click(screen.getByRole('button', { name: 'Open Front desk' }));
    expect(await screen.findByText('Front desk is open: send it again.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Cash received' }) as HTMLInputElement).value).toBe('30');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Paid $25.98.')).toBeTruthy();
    expect(posted.map((p) => [p.path, p.body, p.key])).toEqual([
      [
        '/api/nine/payments',
        { order_id: 77, method: 'cash', amount_minor: 2598, tendered_minor: 3000 },
        'key-1',
      ],
      ['/api/nine/cash-registers/3/open', { float_minor: 0 }, null],
      [
        '/api/nine/payments',
        { order_id: 77, method: 'cash', amount_minor: 2598, tendered_minor: 3000 },
        'key-1',
      ],
    ]);
  });
});
