import { z } from 'zod';
import { amountMinor, positiveAmountMinor } from '../money.ts';

/** The payment providers the server knows: Stripe, and the built-in test provider used when no Stripe key is set. */
export const paymentProviders = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];
/** `test`: nothing real is charged (the test provider, or Stripe with a test key); the page says so. */
export const paymentModes = ['live', 'test'] as const;
export type PaymentMode = (typeof paymentModes)[number];
export const onlinePaymentStatuses = ['created', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type OnlinePaymentStatus = (typeof onlinePaymentStatuses)[number];

/** The share-link token in a public path (43 base64url characters; anything else is a 404 like an unknown one). */
export const participantTokenPath = z.object({ token: z.string().min(1).max(100) });
export const paymentProviderPath = z.object({ provider: z.enum(paymentProviders) });
export const testPaymentRefPath = z.object({ ref: z.string().min(1).max(255) });

/** An intent still waiting for the payer (created or processing). */
export const onlinePaymentIntentView = z.object({
  intent_id: z.string(),
  amount_minor: z.number().int(),
  status: z.enum(onlinePaymentStatuses),
  /** For the provider's payment form in the payer's browser only. */
  client_secret: z.string().nullable(),
});
export type OnlinePaymentIntentView = z.infer<typeof onlinePaymentIntentView>;

/** What the participant page needs to offer payment of an order's balance. */
export const onlinePaymentState = z.object({
  /** The location accepts external payments (business_info.accept_external_payments). */
  enabled: z.boolean(),
  provider: z.enum(paymentProviders),
  mode: z.enum(paymentModes),
  /** Stripe's publishable key, for loadStripe (Stripe only). */
  publishable_key: z.string().optional(),
  currency: z.string().length(3),
  /** The location's currency symbol, for showing amounts ($56.29). */
  currency_symbol: z.string(),
  total_minor: z.number().int(),
  paid_minor: z.number().int(),
  due_minor: z.number().int(),
  pending_intent: onlinePaymentIntentView.optional(),
});
export type OnlinePaymentState = z.infer<typeof onlinePaymentState>;

/** Start paying: the whole balance unless an amount (1..due) is given. Honours Idempotency-Key. */
export const onlinePaymentIntentCreate = z.object({ amount_minor: positiveAmountMinor.optional() });
export type OnlinePaymentIntentCreate = z.infer<typeof onlinePaymentIntentCreate>;

export const onlinePaymentIntent = z.object({
  intent_id: z.string(),
  client_secret: z.string(),
  provider: z.enum(paymentProviders),
  mode: z.enum(paymentModes),
  amount_minor: amountMinor,
  currency: z.string().length(3),
});
export type OnlinePaymentIntent = z.infer<typeof onlinePaymentIntent>;

/** A card number as typed: spaces and dashes dropped, 12 to 19 digits. */
const cardNumber = z
  .string()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/));

/**
 * The test-mode card form on the participant page. Only the number decides the outcome; expiry and CVC are asked
 * for so the form works like a real one (the test provider ignores them).
 */
export const testCardForm = z.object({
  card_number: cardNumber,
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/),
});
export type TestCardForm = z.input<typeof testCardForm>;

/** The test provider's card form (test mode only): 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. */
export const testPaymentConfirm = z.object({
  card_number: cardNumber,
  /** The client secret the intent answered, so only its payer can confirm it. */
  client_secret: z.string().min(1).max(500),
});
export type TestPaymentConfirm = z.input<typeof testPaymentConfirm>;
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export const testPaymentResult = z.object({
  status: z.enum(onlinePaymentStatuses),
  failure_message: z.string().optional(),
});
export type TestPaymentResult = z.infer<typeof testPaymentResult>;

/** The webhook's answer; a replayed or ignored event answers the same. */
export const webhookReceived = z.object({ received: z.literal(true) });
