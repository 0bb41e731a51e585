import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CashRegisterState } from '@nine/shared/schemas/payments';
import { json } from '../../../testing/fake-fetch.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { registerSession, setUpMoneyTests } from '../testing/money-fixtures.tsx';
import { CashRegistersScreen } from './cash-registers-screen.tsx';
const money = (minor: number) => `${minor < 0 ? '-' : ''}$${(Math.abs(minor) / 100).toFixed(2)}`;

const session = registerSession({
  id: 5,
  opened_at: '2026-11-21T08:00:00Z',
  float_minor: 5000,
  cash_sales_minor: 10000,
  expected_minor: 15000,
});
const closedDesk: CashRegisterState = {
  id: 3,
  name: 'Front desk',
  header_title: null,
  default_terminal: null,
  is_active: true,
  version: 1,
  session: null,
};
const openDesk: CashRegisterState = { ...closedDesk, session };

function serve(register: CashRegisterState, answer: (url: string, body: unknown) => Response) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'GET') return json(200, { data: [register] });
      const body: unknown = await request.json();
      sent.push({ url: new URL(request.url).pathname, body });
      return answer(request.url, body);
    }),
  );
  renderWithProviders(
    <CashRegistersScreen
      locationId={1}
      multiRegister={false}
      currentRegisterId={3}
      counterRegisterId={null}
      onChooseCounterRegister={() => {}}
      canChange
      format={money}
      formatDate={(iso) => iso.slice(0, 10)}
    />,
  );
  return sent;
}

setUpMoneyTests();

describe('cash register forms', () => {
  it('opens with the float typed, starting from 0.00', async () => {
    const sent = serve(closedDesk, () => json(200, { data: { outcome: null, register: openDesk } }));
    const float = await screen.findByRole('textbox', { name: /Opening float/ });
    expect((float as HTMLInputElement).value).toBe('0.00');
    fireEvent.change(float, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open register' }));
    expect(await screen.findByText('Expected in drawer')).toBeTruthy();
    expect(sent).toEqual([{ url: '/api/nine/cash-registers/3/open', body: { float_minor: 5000 } }]);
  });

  it('checks a cash movement by the route’s rules before sending, and lands the server’s issues', async () => {
    const sent = serve(openDesk, () =>
      json(422, {
        resp_code: 1001,
        resp_message: 'Some fields are not valid.',
        data: { issues: [{ path: ['reason'], code: 'too_big', message: 'Too big' }] },
      }),
    );
    const submit = await screen.findByRole('button', { name: 'Take cash out' });
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '0' } });
    fireEvent.click(submit);
    expect(await screen.findByText('A reason is required.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Amount/ }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '12.50' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Bank' } });
    fireEvent.click(submit);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/nine/cash-registers/3/movements',
      body: { kind: 'cash_out', amount_minor: 1250, reason: 'Bank' },
    });
    // The issue sits on its field, not as a failure of the whole form.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Reason/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes from the expected cash and shows the difference as counted', async () => {
    const sent = serve(openDesk, () =>
      json(200, {
        data: {
          outcome: { expected_minor: 15000, counted_minor: 14900, difference_minor: -100 },
          register: closedDesk,
        },
      }),
    );
    fireEvent.change(await screen.findByRole('combobox', { name: 'Action' }), { target: { value: 'close' } });
    const counted = screen.getByRole('textbox', { name: /Counted cash/ });
    expect((counted as HTMLInputElement).value).toBe('150.00');
    fireEvent.change(counted, { target: { value: '149' } });
    expect(screen.getByText('Difference: -$1.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close register' }));
    const region = await screen.findByRole('region', { name: 'Front desk' });
    expect(
      await within(region).findByText('Closed: expected $150.00, counted $149.00, difference -$1.00.'),
    ).toBeTruthy();
    expect(sent).toEqual([{ url: '/api/nine/cash-registers/3/close', body: { counted_minor: 14900 } }]);
  });
});
