import { Box, Button, DataList, Spinner, Stack, Text } from '@chakra-ui/react';
import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { OnlinePaymentIntent } from '@nine/shared/schemas/online-payments';
import { MessageAlert } from '../../../components/message-alert.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useAppTranslation } from '../../../lib/i18n.ts';
import { newIdempotencyKey } from '../../../lib/random-id.ts';
import { useCreatePaymentIntent } from '../api/payment/create-payment-intent.ts';
import { usePaymentState } from '../api/payment/get-payment-state.ts';
import { publicFailureText } from '../public-failure.tsx';
import { TestCardForm } from './test-card-form.tsx';

// Stripe.js and its React bindings load only in Stripe mode, once the payer asks to pay.
const StripePayment = lazy(() => import('./stripe-payment.tsx'));

export interface OnlinePaymentProps {
  /** The share-link or easy-sign token: the block reads its own balance through it. */
  token: string;
  /** A payment was recorded: the page refreshes what it shows. */
  onPaid?: () => void;
}

/** How long to keep asking after the provider accepted a payment its webhook has not recorded yet. */
const WAIT_MS = 60_000;

/** Stripe's additions to the return_url when it sends the payer back from a bank's page. */
const RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'];

/**
 * Back from a bank's page (Stripe's return_url): what Stripe said, read once; the address is cleaned at once so the
 * client secret does not stay in the history and a reload does not replay the news.
 */
function takeProviderReturn(): 'waiting' | 'failed' | null {
  const url = new URL(window.location.href);
  const status = url.searchParams.get('redirect_status');
  if (status === null) return null;
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url.toString());
  if (status === 'succeeded' || status === 'processing') return 'waiting';
  return status === 'failed' ? 'failed' : null;
}

interface Waiting {
  /** What was paid and due when the payer left for the provider; null when the page came back from it. */
  paid: number | null;
  due: number | null;
  until: number;
}

/** The Stripe form's code chunk or Stripe.js failing to load: said plainly, with a way back to the Pay button. */
class FormUnavailable extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The participant page's payment block: the balance, and paying it online through the configured provider (Stripe's
 * Payment Element, or the test provider's card form with the test mode said plainly). Renders nothing when the
 * business takes no online payments.
 */
export function OnlinePayment({ token, onPaid }: OnlinePaymentProps) {
  const { t } = useAppTranslation();
  const [returned] = useState(takeProviderReturn);
  const [waiting, setWaiting] = useState<Waiting | null>(() =>
    returned === 'waiting' ? { paid: null, due: null, until: Date.now() + WAIT_MS } : null,
  );
  const state = usePaymentState(token, waiting !== null);
  const start = useCreatePaymentIntent(token);
  const [intent, setIntent] = useState<OnlinePaymentIntent | null>(null);
  const [paidNews, setPaidNews] = useState(false);
  const [failure, setFailure] = useState<string | null>(() =>
    returned === 'failed' ? t('participant:payment.declined') : null,
  );
  // Where focus goes when the form closes: the Pay button (cancelled) or the news (paid).
  const payButton = useRef<HTMLButtonElement>(null);
  const news = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<'pay' | 'news' | null>(null);
  useEffect(() => {
    if (focusAfter === null) return;
    (focusAfter === 'pay' ? payButton : news).current?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  // Stop asking once the webhook has recorded the payment (the balance moved, or the intent is no longer open), or
  // after a while (the balance shows what is known).
  useEffect(() => {
    if (!waiting || !state.data) return;
    const d = state.data;
    const recorded =
      (waiting.paid !== null && d.paid_minor > waiting.paid) ||
      (waiting.due !== null && d.due_minor < waiting.due) ||
      (waiting.paid === null && d.pending_intent === undefined);
    if (!recorded && Date.now() < waiting.until) return;
    setWaiting(null);
    if (recorded) {
      setPaidNews(true);
      setFocusAfter('news');
    }
    onPaid?.();
  }, [waiting, state.data, onPaid]);

  if (state.isPending)
    return (
      <SectionCard title={t('participant:payment.title')}>
        <Spinner size="sm" aria-label={t('participant:payment.title')} />
      </SectionCard>
    );
  if (state.isError)
    return (
      <SectionCard title={t('participant:payment.title')}>
        <MessageAlert status="error">{publicFailureText(state.error, t)}</MessageAlert>
      </SectionCard>
    );
  const s = state.data;
  if (!s.enabled) return null;
  const money = (minor: number) => formatMoney(minor, s.currency_symbol);
  const processing = waiting !== null || s.pending_intent?.status === 'processing';
  const unavailable = (
    <Stack gap="3" align="flex-start">
      <MessageAlert status="error">{t('participant:payment.form_unavailable')}</MessageAlert>
      <Button variant="outline" onClick={() => cancel()}>
        {t('participant:payment.cancel')}
      </Button>
    </Stack>
  );

  async function pay() {
    setFailure(null);
    setPaidNews(false);
    try {
      setIntent(await start.mutateAsync({ body: {}, idempotencyKey: newIdempotencyKey() }));
    } catch (error) {
      setFailure(publicFailureText(error, t));
    }
  }
  const paid = () => {
    setIntent(null);
    setPaidNews(true);
    setFocusAfter('news');
    onPaid?.();
  };
  const accepted = () => {
    setIntent(null);
    setWaiting({ paid: s.paid_minor, due: s.due_minor, until: Date.now() + WAIT_MS });
    setFocusAfter('news');
    // Ask at once (a card's webhook is usually there already), then every 5 s.
    void state.refetch();
  };
  function cancel() {
    setIntent(null);
    setFocusAfter('pay');
  }

  return (
    <SectionCard title={t('participant:payment.title')}>
      <Stack gap="4">
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('participant:payment.total')}</DataList.ItemLabel>
            <DataList.ItemValue>{money(s.total_minor)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('participant:payment.paid')}</DataList.ItemLabel>
            <DataList.ItemValue>{money(s.paid_minor)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('participant:payment.due')}</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="semibold">{money(s.due_minor)}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        {s.mode === 'test' && s.due_minor > 0 && (
          <MessageAlert status="warning" role="status">
            {t('participant:payment.test_mode')} {t('participant:payment.test_mode_declined')}
          </MessageAlert>
        )}
        <Box ref={news} tabIndex={-1} outline="none" display={paidNews || processing ? undefined : 'none'}>
          {paidNews && <MessageAlert status="success">{t('participant:payment.succeeded')}</MessageAlert>}
          {processing && <MessageAlert status="info">{t('participant:payment.processing')}</MessageAlert>}
        </Box>
        {failure !== null && <MessageAlert status="error">{failure}</MessageAlert>}
        {s.due_minor <= 0 ? (
          !paidNews && <Text>{t('participant:payment.paid_in_full')}</Text>
        ) : intent === null ? (
          !processing && (
            <Button
              ref={payButton}
              size="lg"
              alignSelf="flex-start"
              loading={start.isPending}
              onClick={() => void pay()}
            >
              {t('participant:payment.pay', { amount: money(s.due_minor) })}
            </Button>
          )
        ) : intent.provider === 'stripe' && s.publishable_key ? (
          <FormUnavailable fallback={unavailable}>
            <Suspense fallback={<Text color="fg.muted">{t('participant:payment.loading_form')}</Text>}>
              <StripePayment
                publishableKey={s.publishable_key}
                clientSecret={intent.client_secret}
                amountLabel={money(intent.amount_minor)}
                onAccepted={accepted}
                onCancel={cancel}
                unavailable={unavailable}
              />
            </Suspense>
          </FormUnavailable>
        ) : (
          <TestCardForm
            token={token}
            intent={intent}
            amountLabel={money(intent.amount_minor)}
            onPaid={paid}
            onCancel={cancel}
          />
        )}
      </Stack>
    </SectionCard>
  );
}
