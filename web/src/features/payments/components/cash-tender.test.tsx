import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentView } from '@nine/shared/schemas/payments';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import {
  closedRegister,
  stubMoneyApi,
  usd,
  type SentRequest,
  setUpMoneyTests,
} from '../testing/money-fixtures.tsx';
import { CashTender, type CashTenderProps } from './cash-tender.tsx';

/** POST /api/nine/payments answering what a cash payment of the body would leave; `reply` overrides it. */
function serve(reply?: (posted: SentRequest) => Response | undefined) {
  const posted = stubMoneyApi((entry) => {
    const scripted = reply?.(entry);
    if (scripted) return scripted;
    const body = entry.body!;
    const amount = body.amount_minor as number;
    const tendered = (body.tendered_minor as number | undefined) ?? null;
    const payment: Partial<PaymentView> = {
      id: posted.length,
      order_id: body.order_id as number,
      method: 'cash',
      amount_minor: amount,
      tendered_minor: tendered,
      change_minor: tendered === null ? 0 : tendered - amount,
      order_total_minor: amount,
      order_paid_minor: amount,
      order_balance_minor: 0,
      order_status: 'closed',
    };
    return json(201, { data: payment });
  });
  return posted;
}

function renderTender(props: Partial<CashTenderProps> = {}) {
  let n = 0;
  renderWithProviders(
    <CashTender orderId={77} balanceMinor={1299} format={usd} newKey={() => `key-${++n}`} {...props} />,
  );
}

const tenderedField = () => screen.getByRole('textbox', { name: 'Cash received' });

setUpMoneyTests();

describe('cash tender', () => {
  it('offers the balance, shows the change, and sends one idempotent cash payment', async () => {
    const posted = serve();
    const onPaid = vi.fn();
    renderTender({ onPaid });
    expect(screen.getByRole('region', { name: 'Payment' })).toBeTruthy();
    expect(screen.getByText('Amount due: $12.99')).toBeTruthy();
    expect((tenderedField() as HTMLInputElement).value).toBe('12.99');
    fireEvent.change(tenderedField(), { target: { value: '5' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Take cash payment' }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getByText('Less than the amount due.')).toBeTruthy();
    fireEvent.change(tenderedField(), { target: { value: '20' } });
    expect(screen.getByText('Change: $7.01')).toBeTruthy();
    fireEvent.submit(tenderedField().closest('form')!);
    expect(await screen.findByText('Paid $12.99 in cash.')).toBeTruthy();
    expect(screen.getByText('Balance: $0.00')).toBeTruthy();
    expect(posted.map((p) => [p.path, p.body, p.key])).toEqual([
      [
        '/api/nine/payments',
        { order_id: 77, method: 'cash', amount_minor: 1299, tendered_minor: 2000 },
        'key-1',
      ],
    ]);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(onPaid.mock.calls[0]![0]).toMatchObject({ id: 1, change_minor: 701, order_status: 'closed' });
  });

  it("sends the cash to this counter's register when the location runs several, the exact amount as received", async () => {
    const posted = serve();
    renderTender({ orderId: 78, balanceMinor: 500, cashRegisterId: 12 });
    fireEvent.submit(tenderedField().closest('form')!);
    expect(await screen.findByText('Paid $5.00 in cash.')).toBeTruthy();
    expect(posted.map((p) => p.body)).toEqual([
      { order_id: 78, method: 'cash', amount_minor: 500, tendered_minor: 500, cash_register_id: 12 },
    ]);
  });

  it('retries a lost answer with the same key, and a changed amount with a new one', async () => {
    let calls = 0;
    const posted = serve(() =>
      ++calls <= 2 ? json(500, { resp_code: 1000, resp_message: 'Boom.' }) : undefined,
    );
    renderTender();
    const take = () => fireEvent.click(screen.getByRole('button', { name: 'Take cash payment' }));
    take();
    expect(await screen.findByText('Boom.')).toBeTruthy();
    take();
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(await screen.findByText('Boom.')).toBeTruthy();
    fireEvent.change(tenderedField(), { target: { value: '15' } });
    take();
    expect(await screen.findByText('Paid $12.99 in cash.')).toBeTruthy();
    expect(posted.map((p) => [p.body?.tendered_minor, p.key])).toEqual([
      [1299, 'key-1'],
      [1299, 'key-1'],
      [1500, 'key-2'],
    ]);
  });

  it('a closed register (1256) is named and opened right here, then the same payment goes through', async () => {
    const desk = closedRegister({
      id: 3,
      name: 'Front desk',
      refusal: 'Open the cash register Front desk before taking cash.',
    });
    const posted = serve(({ path }) => desk(path));
    renderTender({ cashRegisterId: 3, registersHref: '/nine/cash-registers' });
    fireEvent.click(screen.getByRole('button', { name: 'Take cash payment' }));
    expect(
      await screen.findByText(
        'The cash register Front desk is closed: open it before taking or giving back cash.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to the cash registers/ }).getAttribute('href')).toBe(
      '/nine/cash-registers',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Open Front desk' }));
    expect(await screen.findByText('Front desk is open: send it again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take cash payment' }));
    expect(await screen.findByText('Paid $12.99 in cash.')).toBeTruthy();
    expect(posted.map((p) => [p.path, p.key])).toEqual([
      ['/api/nine/payments', 'key-1'],
      ['/api/nine/cash-registers/3/open', null],
      ['/api/nine/payments', 'key-1'],
    ]);
  });

  it('shows only the balance when nothing is due', () => {
    serve();
    renderTender({ balanceMinor: 0 });
    expect(screen.getByText('Balance: $0.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take cash payment' })).toBeNull();
  });
});
