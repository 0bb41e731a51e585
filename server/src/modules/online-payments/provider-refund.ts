import { AppError } from '@nine/shared/errors';
import { maybeOne, one } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { ProviderRefund } from '../money/money-service.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** The provider's idempotency key of a refund: the same for a retry of the same refund, new for the next one. */
export const refundIdempotencyKey = (intentRef: string, refundedBeforeMinor: number, amountMinor: number) =>
  `nine-refund-${intentRef}-${refundedBeforeMinor}-${amountMinor}`;

/**
 * A refund of a payment that came from an online intent gives the money back through its provider, inside the
 * refund's transaction: the provider refusing (or being another provider than the one configured now) refuses the
 * refund with 502 1801, and nothing is recorded. The idempotency key is made of facts that survive a rollback
 * (the intent, what was refunded of it before, this amount; read under the order's lock), never of a sequence
 * value: a retry after a timeout or a failed commit sends the same key, so Stripe answers the refund it already
 * made instead of giving the money back twice.
 */
export function createProviderRefund(provider: PaymentProvider): ProviderRefund {
  return async (client, { paymentId, refundId, amountMinor }) => {
    const intent = await maybeOne<Pick<Tables['online_payment_intents'], 'provider' | 'provider_ref'>>(
      client,
      'SELECT provider, provider_ref FROM online_payment_intents WHERE payment_id = $1',
      [paymentId],
    );
    if (!intent) return;
    if (intent.provider !== provider.name)
      throw new AppError('paymentProviderFailed', {
        data: { provider_message: `paid through ${intent.provider}, which is not configured` },
      });
    // This refund's row is inserted already: what came before it is every other refund of the payment.
    const { before } = await one<{ before: number }>(
      client,
      'SELECT coalesce(sum(amount_minor), 0)::bigint AS before FROM refunds WHERE payment_id = $1 AND id <> $2',
      [paymentId, refundId],
    );
    await provider.refund({
      intentRef: intent.provider_ref,
      amountMinor,
      idempotencyKey: refundIdempotencyKey(intent.provider_ref, Number(before), amountMinor),
    });
  };
}
