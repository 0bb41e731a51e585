import Stripe from 'stripe';
import { AppError } from '@nine/shared/errors';
import type { OnlinePaymentStatus } from '@nine/shared/schemas/online-payments';
import { WEBHOOK_TOLERANCE_SECONDS, type PaymentProvider, type ProviderEvent } from './payment-provider.ts';

export interface StripeKeys {
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  publishableKey: string;
}

/** The intent events the webhook acts on, and the status each moves the intent to. */
const EVENT_STATUS: Record<string, OnlinePaymentStatus> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'processing',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'canceled',
};

/** A Stripe event (or the test provider's, which has the same shape) reduced to what the webhook needs. */
export function readStripeEvent(event: Stripe.Event): ProviderEvent {
  const status = EVENT_STATUS[event.type] ?? null;
  if (status === null || event.data.object.object !== 'payment_intent')
    return {
      eventId: event.id,
      type: event.type,
      intentRef: null,
      status: null,
      amountMinor: null,
      failureMessage: null,
    };
  const intent = event.data.object;
  return {
    eventId: event.id,
    type: event.type,
    intentRef: intent.id,
    status,
    amountMinor: status === 'succeeded' ? intent.amount_received : null,
    failureMessage: intent.last_payment_error?.message?.slice(0, 500) ?? null,
  };
}

/** Verifies a signature of Stripe's scheme (`t=…,v1=HMAC-SHA256(secret, "t.body")`) and reads the event. */
export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
  now: Date,
): ProviderEvent {
  if (typeof header !== 'string') throw new AppError('webhookSignatureInvalid');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch {
    throw new AppError('webhookSignatureInvalid');
  }
  return readStripeEvent(event);
}

/** What is logged of a failure: Stripe's error type, code and message, never the request (keys, metadata). */
function describe(err: unknown): object {
  return err instanceof Stripe.errors.StripeError
    ? { type: err.type, code: err.code, status: err.statusCode, message: err.message.slice(0, 300) }
    : { message: err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300) };
}

function failed(err: unknown, withMessage: boolean): AppError {
  const message = err instanceof Stripe.errors.StripeError ? err.message.slice(0, 300) : undefined;
  return new AppError(
    'paymentProviderFailed',
    withMessage && message ? { data: { provider_message: message } } : {},
  );
}

/** Where the provider reports what the payer is not told (the app's logger; never keys or card data). */
export interface ProviderLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Stripe: PaymentIntents with the Payment Element, verified webhooks, refunds; every write idempotent. */
export function createStripeProvider(keys: StripeKeys, log: ProviderLog): PaymentProvider {
  // Intents and refunds are asked for inside the transaction holding the order's lock, so a slow Stripe holds the
  // order: 5 s and no retry bound that wait. Residual risk: Stripe may act on a call that timed out here (or commit
  // fails after it answered) while our transaction rolls back. A retry sends the same idempotency key (the
  // caller's for intents, one made of stable facts for refunds), so Stripe answers what it already did; a refund
  // never retried stays at Stripe only and must be matched by hand from the dashboard.
  const stripe = new Stripe(keys.secretKey, { timeout: 5_000, maxNetworkRetries: 0 });
  const live = /^(sk|rk)_live_/.test(keys.secretKey);
  return {
    name: 'stripe',
    mode: live ? 'live' : 'test',
    publishableKey: keys.publishableKey,

    async createIntent({ amountMinor, currency, orderId, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountMinor,
            currency: currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            metadata: { order_id: String(orderId) },
          },
          { idempotencyKey },
        );
        if (!intent.client_secret) throw new Error('Stripe answered an intent without a client secret');
        return { ref: intent.id, clientSecret: intent.client_secret, status: 'created' };
      } catch (err) {
        // Not shown to the payer: what Stripe says about our account is for the logs.
        log.error({ stripe: describe(err) }, 'stripe: creating a payment intent failed');
        throw failed(err, false);
      }
    },

    parseWebhook(rawBody, headers, now) {
      return verifyStripeSignature(rawBody, headers['stripe-signature'], keys.webhookSecret, now);
    },

    async refund({ intentRef, amountMinor, idempotencyKey }) {
      try {
        await stripe.refunds.create({ payment_intent: intentRef, amount: amountMinor }, { idempotencyKey });
      } catch (err) {
        log.warn({ stripe: describe(err), intent: intentRef }, 'stripe: a refund failed');
        throw failed(err, true);
      }
    },
  };
}
