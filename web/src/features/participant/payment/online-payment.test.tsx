import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OnlinePaymentState } from '@nine/shared/schemas/online-payments';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { OnlinePayment } from './online-payment.tsx';

setUpTranslatedSuite();

const TOKEN = 'a'.repeat(43);
const base = `nine/public/participant/${TOKEN}`;
const due: OnlinePaymentState = {
  enabled: true,
  provider: 'test',
  mode: 'test',
  currency: 'USD',
  currency_symbol: '$',
  total_minor: 12000,
  paid_minor: 2000,
  due_minor: 10000,
};
const intent = {
  intent_id: 'pi_test_1',
  client_secret: 'pi_test_1_secret_x',
  provider: 'test',
  mode: 'test',
  amount_minor: 10000,
  currency: 'USD',
};

/** The server as the test provider answers it; a good card pays the balance. */
function server(state: OnlinePaymentState = due) {
  let current = state;
  return stubApi({
    [`GET ${base}/payment`]: () => jsonResponse(200, { data: current }),
    [`POST ${base}/payment-intent`]: () => jsonResponse(200, { data: intent }),
    'POST nine/public/test-payments/pi_test_1/confirm': (body) => {
      if ((body as { card_number: string }).card_number !== '4242 4242 4242 4242'.replace(/ /g, ''))
        return jsonResponse(200, { data: { status: 'failed', failure_message: 'Your card was declined.' } });
      current = { ...current, paid_minor: current.total_minor, due_minor: 0 };
      return jsonResponse(200, { data: { status: 'succeeded' } });
    },
  });
}

async function openCardForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Pay $100.00' }));
  return screen.findByRole('form', { name: 'Card details' });
}

function typeCard(number: string) {
  fireEvent.change(screen.getByLabelText(/Card number/), { target: { value: number } });
  fireEvent.change(screen.getByLabelText(/Expiry date/), { target: { value: '12/30' } });
  fireEvent.change(screen.getByLabelText(/Security code/), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Pay $100.00' }));
}

describe('OnlinePayment in test mode', () => {
  it('shows the balance and the test mode, and pays it with the test card', async () => {
    const calls = server();
    const onPaid = vi.fn();
    renderWithProviders(<OnlinePayment token={TOKEN} onPaid={onPaid} />);
    expect(
      await screen.findByText(/Test mode: no real card is charged\. Use 4242 4242 4242 4242\./),
    ).toBeTruthy();
    expect(screen.getByText('$120.00')).toBeTruthy();
    expect(screen.getByText('$100.00')).toBeTruthy();

    await openCardForm();
    expect(calls.find((c) => c.path === `${base}/payment-intent`)?.body).toEqual({});
    // Nothing typed: each field says what it needs, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Pay $100.00' }));
    expect(await screen.findByText('Enter the card number (12 to 19 digits).')).toBeTruthy();
    expect(screen.getByText('Enter the month and year as MM/YY.')).toBeTruthy();
    expect(calls.some((c) => c.path.includes('confirm'))).toBe(false);

    typeCard('4242 4242 4242 4242');
    expect(await screen.findByText('Payment received. Thank you!')).toBeTruthy();
    expect(calls.find((c) => c.path.includes('confirm'))?.body).toEqual({
      card_number: '4242424242424242',
      client_secret: 'pi_test_1_secret_x',
    });
    expect(onPaid).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull());
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
  });

  it('says a declined card did not go through and keeps the form', async () => {
    server();
    const onPaid = vi.fn();
    renderWithProviders(<OnlinePayment token={TOKEN} onPaid={onPaid} />);
    await openCardForm();
    typeCard('4000 0000 0000 0002');
    expect(
      await screen.findByText('The payment did not go through. Check the card details or try another card.'),
    ).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Card details' })).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('shows nothing when the business takes no online payments', async () => {
    const calls = server({ ...due, enabled: false });
    const { container } = renderWithProviders(<OnlinePayment token={TOKEN} />);
    await waitFor(() => expect(calls.length).toBe(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});

describe('OnlinePayment in test mode, more', () => {
  it('says which numbers test mode takes when a real card number is typed', async () => {
    stubApi({
      [`GET ${base}/payment`]: () => jsonResponse(200, { data: due }),
      [`POST ${base}/payment-intent`]: () => jsonResponse(200, { data: intent }),
      'POST nine/public/test-payments/pi_test_1/confirm': () =>
        jsonResponse(400, {
          resp_code: 1001,
          resp_message: 'Some fields are not valid.',
          data: { issues: [{ path: 'card_number', code: 'custom', message: 'test_card_unknown' }] },
        }),
    });
    renderWithProviders(<OnlinePayment token={TOKEN} />);
    await openCardForm();
    typeCard('4111 1111 1111 1111');
    expect(
      await screen.findByText(
        'In test mode use 4242 4242 4242 4242 (approved) or 4000 0000 0000 0002 (declined).',
      ),
    ).toBeTruthy();
  });

  it('focuses the card number when the form opens, and the Pay button again after cancelling', async () => {
    server();
    renderWithProviders(<OnlinePayment token={TOKEN} />);
    await openCardForm();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Card number/)));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay $100.00' })),
    );
  });

  it('moves focus to the news once paid', async () => {
    server();
    renderWithProviders(<OnlinePayment token={TOKEN} />);
    await openCardForm();
    typeCard('4242 4242 4242 4242');
    const news = await screen.findByText('Payment received. Thank you!');
    await waitFor(() => expect(document.activeElement?.contains(news)).toBe(true));
  });
});
