import type { IncomingHttpHeaders } from 'node:http';
import type {
  OnlinePaymentStatus,
  PaymentMode,
  PaymentProviderName,
} from '@nine/shared/schemas/online-payments';

/** An intent as the provider answered it when created. */
export interface ProviderIntent {
  /** The provider's id of the intent (Stripe `pi_…`). */
  ref: string;
  /** For the provider's payment form in the payer's browser. */
  clientSecret: string;
  status: OnlinePaymentStatus;
}

/** A verified webhook event, reduced to what the webhook handler acts on. */
export interface ProviderEvent {
  /** Deduplicates replays (payment_provider_events). */
  eventId: string;
  type: string;
  /** The intent the event is about; null for an event about anything else (ignored). */
  intentRef: string | null;
  /** The intent's new status; null when the event does not move it. */
  status: OnlinePaymentStatus | null;
  /** What the provider says was received (succeeded events). */
  amountMinor: number | null;
  failureMessage: string | null;
}

/**
 * A card payment provider. Stripe is the real one; the test provider (no Stripe key configured) keeps everything
 * in the database and signs its events with Stripe's scheme, so both go through the same webhook path.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  /** `test` when nothing real is charged; the participant page says so. */
  mode: PaymentMode;
  /** For the browser's Stripe.js (Stripe only). */
  publishableKey?: string;
  createIntent(input: {
    amountMinor: number;
    /** ISO 4217, as general_settings.currency_code holds it. */
    currency: string;
    orderId: number;
    idempotencyKey: string;
  }): Promise<ProviderIntent>;
  /**
   * Verifies the signature of a webhook's raw body and reads it; throws `webhookSignatureInvalid` (400) when the
   * signature does not verify or is older than the tolerance (300 s).
   */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): ProviderEvent;
  /** Gives back part or all of a succeeded intent; throws `paymentProviderFailed` (502) when refused. */
  refund(input: { intentRef: string; amountMinor: number; idempotencyKey: string }): Promise<void>;
}

/** Stripe's default webhook tolerance: an event signed longer ago than this is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
