import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '@nine/shared/errors';
import { TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS } from '@nine/shared/schemas/online-payments';
import type { PaymentProvider } from './payment-provider.ts';
import { verifyStripeSignature } from './stripe-provider.ts';

/** A signed event as the provider would post it to the webhook. */
export interface SignedEvent {
  rawBody: Buffer;
  headers: { 'stripe-signature': string; 'content-type': string };
}

export interface TestProvider extends PaymentProvider {
  name: 'test';
  /** Signs an event body with Stripe's scheme and this provider's secret, as the webhook expects it. */
  sign(event: object, now: Date): SignedEvent;
  /**
   * The "card form": 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, any other number is refused
   * (422). Answers the signed event Stripe would send for it, for the webhook handler.
   */
  confirm(
    intent: { ref: string; amountMinor: number; currency: string; orderId: number },
    cardNumber: string,
    now: Date,
  ): SignedEvent & { succeeds: boolean; failureMessage: string | null };
}

const DECLINED = 'Your card was declined.';

export function isTestProvider(provider: PaymentProvider): provider is TestProvider {
  return provider.name === 'test' && 'sign' in provider;
}

/**
 * The built-in provider used when no Stripe key is configured: nothing is charged, intents live only in the
 * database, and the "test card" confirm route makes the event Stripe would send (signed with Stripe's scheme) and
 * hands it to the same webhook handler. A provider beside Stripe, not a branch in the payment code.
 */
export function createTestProvider({
  webhookSecret = `whsec_test_${randomBytes(24).toString('hex')}`,
}: { webhookSecret?: string } = {}): TestProvider {
  function sign(event: object, now: Date): SignedEvent {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    return {
      rawBody: Buffer.from(payload),
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    };
  }

  return {
    name: 'test',
    mode: 'test',

    async createIntent() {
      const ref = `pi_test_${randomBytes(12).toString('hex')}`;
      return { ref, clientSecret: `${ref}_secret_${randomBytes(16).toString('hex')}`, status: 'created' };
    },

    parseWebhook(rawBody, headers, now) {
      return verifyStripeSignature(rawBody, headers['stripe-signature'], webhookSecret, now);
    },

    // Nothing was charged, so nothing to give back.
    async refund() {},

    sign,

    confirm(intent, cardNumber, now) {
      const succeeds = cardNumber === TEST_CARD_SUCCEEDS;
      if (!succeeds && cardNumber !== TEST_CARD_DECLINED)
        throw new AppError('validation', {
          data: { issues: [{ path: 'card_number', code: 'custom', message: 'test_card_unknown' }] },
        });
      const signed = sign(
        {
          id: `evt_test_${randomBytes(12).toString('hex')}`,
          object: 'event',
          type: succeeds ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
          created: Math.floor(now.getTime() / 1000),
          livemode: false,
          data: {
            object: {
              id: intent.ref,
              object: 'payment_intent',
              amount: intent.amountMinor,
              amount_received: succeeds ? intent.amountMinor : 0,
              currency: intent.currency.trim().toLowerCase(),
              status: succeeds ? 'succeeded' : 'requires_payment_method',
              last_payment_error: succeeds ? null : { code: 'card_declined', message: DECLINED },
              metadata: { order_id: String(intent.orderId) },
            },
          },
        },
        now,
      );
      return { ...signed, succeeds, failureMessage: succeeds ? null : DECLINED };
    },
  };
}
