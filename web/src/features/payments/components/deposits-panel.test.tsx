import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import {
  closedRegister,
  orderMoney,
  stubMoneyApi,
  usd,
  setUpMoneyTests,
} from '../testing/money-fixtures.tsx';
import { DepositsPanel, type DepositsPanelProps } from './deposits-panel.tsx';

const money = orderMoney({
  order_id: 12,
  order_type: 'rent',
  order_version: 4,
  order_status: 'delivered',
  total_minor: 9000,
  paid_minor: 9000,
  deposit_required_minor: 20000,
  deposit_held_minor: 20000,
  deposit_in_custody: true,
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
});

/** The panel of the order above, for a clerk who may move the deposit. */
const panel = (props: Partial<DepositsPanelProps>) => (
  <DepositsPanel
    money={money}
    format={usd}
    formatDate={() => '11/21/2026'}
    canChange
    canOverride
    onChanged={() => {}}
    {...props}
  />
);

setUpMoneyTests();

describe('security deposit', () => {
  it('claims part for damage only with a reason, and overrides the required amount with an approver key', async () => {
    const sent = stubMoneyApi(() => json(201, { data: { movement_id: 2, held_minor: 15000 } }));
    const onChanged = vi.fn();
    renderWithProviders(panel({ onChanged, newKey: () => 'deposit-key' }));
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
    expect(sent.map(({ path, body, key }) => ({ path, body, key }))).toEqual([
      {
        path: '/api/nine/orders/12/deposits',
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
    const { path, body, key } = sent[1]!;
    expect({ path, body, key }).toEqual({
      path: '/api/nine/rent-orders/12/deposit-override',
      body: { deposit_minor: 8000, version: 4, comment: 'Regular customer', access_key: '1234' },
      key: null,
    });
  });

  it('answers the order view’s Return deposit by choosing the return and focusing its button', () => {
    const view = renderWithProviders(panel({ returnRequest: 0 }));
    const action = screen.getByRole('combobox', { name: 'Deposit action' }) as HTMLSelectElement;
    fireEvent.change(action, { target: { value: 'claimed' } });
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Claim' }));

    view.rerender(panel({ returnRequest: 1 }));
    const button = screen.getByRole('button', { name: 'Return deposit' });
    expect(action.value).toBe('returned');
    expect(document.activeElement).toBe(button);
    expect((screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('200.00');

    // Focus moved on by the clerk stays put when the panel re-renders with the same request.
    action.focus();
    view.rerender(panel({ returnRequest: 1 }));
    expect(document.activeElement).toBe(action);
  });

  it('returning a deposit in cash goes through the counter’s register, and a closed one is named and opened', async () => {
    const till = closedRegister({ id: 7, name: 'Till 2', refusal: 'Open the cash register Till 2 first.' });
    const sent = stubMoneyApi(
      ({ path }) => till(path) ?? json(201, { data: { movement_id: 3, held_minor: 0 } }),
    );
    const onChanged = vi.fn();
    renderWithProviders(
      panel({ canOverride: false, onChanged, cashRegisterId: 7, newKey: () => 'return-key' }),
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
    expect(sent.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/nine/orders/12/deposits', body: move },
      { path: '/api/nine/cash-registers/7/open', body: { float_minor: 0 } },
      { path: '/api/nine/orders/12/deposits', body: move },
    ]);
  });
});
