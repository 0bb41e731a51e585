import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OnlinePaymentState } from '@nine/shared/schemas/online-payments';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { OnlinePayment } from './online-payment.tsx';

// Stripe is an edge we do not own: its script and Payment Element are faked, the rest of the block is real.
const stripe = vi.hoisted(() => ({
  confirmPayment: vi.fn(async (_options: unknown) => ({ paymentIntent: { status: 'succeeded' } })),
}));
const loadStripe = vi.hoisted(() => vi.fn(async (_key: string): Promise<typeof stripe | null> => stripe));
/** Makes the Elements wrapper crash, as a Stripe chunk that failed to load would. */
const crash = vi.hoisted(() => ({ elements: false }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => {
    if (crash.elements) throw new Error('chunk failed');
    return <div data-client-secret={options.clientSecret}>{children}</div>;
  },
  PaymentElement: () => <p>Stripe payment element</p>,
  useStripe: () => stripe,
  useElements: () => ({}),
}));

setUpTranslatedSuite();

const TOKEN = 'b'.repeat(43);
const base = `nine/public/participant/${TOKEN}`;

const stripeState: OnlinePaymentState = {
  enabled: true,
  provider: 'stripe',
  mode: 'live',
  publishable_key: 'pk_live_other',
  currency: 'EUR',
  currency_symbol: '€',
  total_minor: 5000,
  paid_minor: 0,
  due_minor: 5000,
};
const stripeIntent = {
  intent_id: 'pi_1',
  client_secret: 'pi_1_secret_2',
  provider: 'stripe',
  mode: 'live',
  amount_minor: 5000,
  currency: 'EUR',
};
function stripeServer(state: OnlinePaymentState = stripeState) {
  return stubApi({
    [`GET ${base}/payment`]: () => jsonResponse(200, { data: state }),
    [`POST ${base}/payment-intent`]: () => jsonResponse(200, { data: stripeIntent }),
  });
}

describe('OnlinePayment with Stripe', () => {
  it('loads Stripe with the publishable key, confirms in place and waits for the webhook to record it', async () => {
    let state: OnlinePaymentState = {
      enabled: true,
      provider: 'stripe',
      mode: 'live',
      publishable_key: 'pk_live_nine',
      currency: 'EUR',
      currency_symbol: '€',
      total_minor: 5000,
      paid_minor: 0,
      due_minor: 5000,
    };
    stubApi({
      [`GET ${base}/payment`]: () => jsonResponse(200, { data: state }),
      [`POST ${base}/payment-intent`]: () =>
        jsonResponse(200, {
          data: {
            intent_id: 'pi_1',
            client_secret: 'pi_1_secret_2',
            provider: 'stripe',
            mode: 'live',
            amount_minor: 5000,
            currency: 'EUR',
          },
        }),
    });
    stripe.confirmPayment.mockImplementationOnce(async () => {
      // The webhook lands while the page waits.
      state = { ...state, paid_minor: 5000, due_minor: 0 };
      return { paymentIntent: { status: 'succeeded' } };
    });
    const onPaid = vi.fn();
    renderWithProviders(<OnlinePayment token={TOKEN} onPaid={onPaid} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €50.00' }));
    expect(await screen.findByText('Stripe payment element')).toBeTruthy();
    // Live mode says nothing about test cards.
    expect(screen.queryByText(/Test mode/)).toBeNull();
    expect(loadStripe).toHaveBeenCalledWith('pk_live_nine');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €50.00' }));
    expect(await screen.findByText(/Your payment is being processed/)).toBeTruthy();
    expect(stripe.confirmPayment).toHaveBeenCalledWith(
      expect.objectContaining({ redirect: 'if_required', elements: {} }),
    );
    expect(await screen.findByText('Payment received. Thank you!', {}, { timeout: 5000 })).toBeTruthy();
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('says the form is unavailable when Stripe.js does not load, and Cancel returns to the Pay button', async () => {
    stripeServer({ ...stripeState, publishable_key: 'pk_live_blocked' });
    loadStripe.mockImplementationOnce(async () => null);
    renderWithProviders(<OnlinePayment token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €50.00' }));
    expect(await screen.findByText('The payment form could not be loaded. Try again later.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pay €50.00' })),
    );
  });

  it('says the form is unavailable when its code fails to load', async () => {
    stripeServer({ ...stripeState, publishable_key: 'pk_live_crash' });
    crash.elements = true;
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderWithProviders(<OnlinePayment token={TOKEN} />);
      fireEvent.click(await screen.findByRole('button', { name: 'Pay €50.00' }));
      expect(await screen.findByText('The payment form could not be loaded. Try again later.')).toBeTruthy();
    } finally {
      crash.elements = false;
      quiet.mockRestore();
    }
  });

  it('shows what went wrong when confirming throws', async () => {
    stripeServer({ ...stripeState, publishable_key: 'pk_live_throws' });
    stripe.confirmPayment.mockImplementationOnce(async () => {
      throw new Error('Network error');
    });
    renderWithProviders(<OnlinePayment token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay €50.00' }));
    await screen.findByText('Stripe payment element');
    fireEvent.click(screen.getByRole('button', { name: 'Pay €50.00' }));
    expect(await screen.findByText('Network error')).toBeTruthy();
  });

  it('back from the bank: declined says so, and the address loses what Stripe added', async () => {
    stripeServer();
    window.history.replaceState(
      null,
      '',
      '/p/x?lang=fr&payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=failed',
    );
    renderWithProviders(<OnlinePayment token={TOKEN} />);
    expect(
      await screen.findByText('The payment did not go through. Check the card details or try another card.'),
    ).toBeTruthy();
    expect(window.location.search).toBe('?lang=fr');
  });

  it('back from the bank: stops waiting once the intent is no longer open', async () => {
    // The webhook recorded it before the page came back: no open intent, the balance paid.
    stripeServer({ ...stripeState, paid_minor: 5000, due_minor: 0 });
    window.history.replaceState(
      null,
      '',
      '/p/x?payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=succeeded',
    );
    const onPaid = vi.fn();
    renderWithProviders(<OnlinePayment token={TOKEN} onPaid={onPaid} />);
    expect(await screen.findByText('Payment received. Thank you!')).toBeTruthy();
    expect(screen.queryByText(/Your payment is being processed/)).toBeNull();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(window.location.search).toBe('');
  });
});
