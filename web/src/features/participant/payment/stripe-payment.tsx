import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeElementLocale } from '@stripe/stripe-js';
import { useEffect, useState, type ReactNode } from 'react';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { currentLanguage, useAppTranslation } from '../../../lib/i18n.ts';

export interface StripePaymentProps {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  /** Stripe accepted the payment (succeeded or processing); the webhook records it shortly. */
  onAccepted(): void;
  onCancel(): void;
  /** Shown instead of the form when Stripe.js cannot be loaded (blocked, offline). */
  unavailable: ReactNode;
}

// Stripe.js is fetched from js.stripe.com once per key, and only when a payer opens the form.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
    // A failed load (blocked or offline) is tried again the next time the payer opens the form.
    stripe.then(
      (s) => s ?? loaded.delete(publishableKey),
      () => loaded.delete(publishableKey),
    );
  }
  return stripe;
}

/** Stripe's Payment Element (cards, wallets, 3-D Secure) for one intent; loaded lazily by OnlinePayment. */
export default function StripePayment({
  publishableKey,
  clientSecret,
  unavailable,
  ...props
}: StripePaymentProps) {
  const { t } = useAppTranslation();
  const locale = currentLanguage().slice(0, 2) as StripeElementLocale;
  // Stripe.js resolves to null (or fails) when it cannot load: the form says so rather than a dead Pay button.
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (s) => live && setStripe(s ?? 'failed'),
      () => live && setStripe('failed'),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  if (stripe === 'failed') return unavailable;
  if (stripe === null) return <Text color="fg.muted">{t('participant:payment.loading_form')}</Text>;
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale }}>
      <StripeForm {...props} />
    </Elements>
  );
}

function StripeForm({
  amountLabel,
  onAccepted,
  onCancel,
}: Omit<StripePaymentProps, 'publishableKey' | 'clientSecret' | 'unavailable'>) {
  const { t } = useAppTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function pay() {
    if (!stripe || !elements) return;
    setBusy(true);
    setFailure(null);
    try {
      // Cards pay in place; a method that must leave the page (a bank's page) comes back to this same address.
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (error) setFailure(error.message ?? t('participant:payment.declined'));
      else if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') onAccepted();
      else setFailure(t('participant:payment.declined'));
    } catch (error) {
      // Stripe.js throws on a network failure or a misuse; the payer sees it and may try again.
      setFailure(error instanceof Error && error.message ? error.message : t('participant:payment.declined'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack
      as="form"
      gap="4"
      aria-label={t('participant:payment.card_form')}
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      {/* The form opens ready to type: focus goes to its first field. */}
      <PaymentElement onReady={(element) => element.focus()} />
      {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
      <HStack gap="3">
        <Button type="submit" size="lg" loading={busy} disabled={!stripe || !elements}>
          {t('participant:payment.pay', { amount: amountLabel })}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {t('participant:payment.cancel')}
        </Button>
      </HStack>
    </Stack>
  );
}
