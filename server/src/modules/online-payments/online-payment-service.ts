import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import {
  type OnlinePaymentIntent,
  type OnlinePaymentIntentCreate,
  type OnlinePaymentState,
  type OnlinePaymentStatus,
  type TestPaymentResult,
} from '@nine/shared/schemas/online-payments';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import type { MoneyService } from '../money/money-service.ts';
import type { OrderAccess } from '../public/order-access-token.ts';
import { ENDED_STATUSES } from '../tours/participant-service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import type { TestProvider } from './test-provider.ts';

type Intent = Pick<
  Tables['online_payment_intents'],
  | 'id'
  | 'provider'
  | 'provider_ref'
  | 'order_id'
  | 'location_id'
  | 'amount_minor'
  | 'currency'
  | 'client_secret'
> & { status: OnlinePaymentStatus; payment_id: number | null };

interface OrderBalance {
  status: string;
  total_minor: number;
  paid_minor: number;
  currency: string;
  currency_symbol: string;
  accept_external_payments: boolean;
}

/**
 * The moves an event may make (Stripe sends events out of order and more than once): forward only, except that a
 * failed attempt may be tried again, and money reported received is always recorded (even on a canceled intent).
 */
const NEXT_STATUSES: Record<OnlinePaymentStatus, readonly OnlinePaymentStatus[]> = {
  created: ['processing', 'succeeded', 'failed', 'canceled'],
  processing: ['succeeded', 'failed', 'canceled'],
  failed: ['processing', 'succeeded', 'failed', 'canceled'],
  canceled: ['succeeded'],
  succeeded: [],
};

const INTENT_COLUMNS =
  'id, provider, provider_ref, order_id, location_id, amount_minor, currency, client_secret, status, payment_id';

/** The order's balance and whether the business takes payments online; orders.paid_minor is kept by triggers. */
async function balanceOf(q: Queryable, orderId: number): Promise<OrderBalance & { due_minor: number }> {
  const b = await one<OrderBalance>(
    q,
    `SELECT o.status, o.total_minor, o.paid_minor, coalesce(g.currency_code, 'USD') AS currency,
            coalesce(g.currency_symbol, '$') AS currency_symbol, bi.accept_external_payments
     FROM orders o LEFT JOIN general_settings g ON g.location_id = o.location_id CROSS JOIN business_info bi
     WHERE o.id = $1 AND bi.id = 1`,
    [orderId],
  );
  const ended = ENDED_STATUSES.includes(b.status);
  return { ...b, due_minor: ended ? 0 : Math.max(0, b.total_minor - b.paid_minor) };
}

/**
 * Online payment of an order's balance through the configured provider (issue #20). The provider's webhook is the
 * only thing that records a payment: one transaction dedupes the event, locks the intent and records the payment
 * through the money service, so a replayed or second event for the same intent changes nothing.
 */
export function createOnlinePayments({
  db,
  provider,
  money,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  money: MoneyService;
  now: () => Date;
}) {
  /** An intent still waiting for its payer at this provider, the newest first. */
  async function openIntent(q: Queryable, orderId: number, amount?: number): Promise<Intent | null> {
    return (
      (await maybeOne<Intent>(
        q,
        `SELECT ${INTENT_COLUMNS} FROM online_payment_intents
         WHERE order_id = $1 AND provider = $2 AND status IN ('created', 'processing', 'failed')
           AND ($3::bigint IS NULL OR amount_minor = $3)
         ORDER BY id DESC LIMIT 1`,
        [orderId, provider.name, amount ?? null],
      )) ?? null
    );
  }

  /** The order still takes part in the public pages (not closed or cancelled), as the participant page decides. */
  async function isLive(access: OrderAccess): Promise<boolean> {
    const o = await maybeOne<{ status: string }>(db.pool, 'SELECT status FROM orders WHERE id = $1', [
      access.order_id,
    ]);
    return !!o && !ENDED_STATUSES.includes(o.status);
  }

  async function state(access: OrderAccess): Promise<OnlinePaymentState> {
    const b = await balanceOf(db.pool, access.order_id);
    const open = await openIntent(db.pool, access.order_id);
    // An intent asked for more than is due now (the counter took part meanwhile) is not offered again.
    const pending = open && (open.status === 'processing' || open.amount_minor <= b.due_minor) ? open : null;
    return {
      enabled: b.accept_external_payments,
      provider: provider.name,
      mode: provider.mode,
      ...(provider.publishableKey ? { publishable_key: provider.publishableKey } : {}),
      currency: b.currency,
      currency_symbol: b.currency_symbol,
      total_minor: b.total_minor,
      paid_minor: b.paid_minor,
      due_minor: b.due_minor,
      ...(pending
        ? {
            pending_intent: {
              intent_id: pending.provider_ref,
              amount_minor: pending.amount_minor,
              status: pending.status,
              client_secret: pending.client_secret,
            },
          }
        : {}),
    };
  }

  /**
   * An intent for the whole balance or part of it. Under the order's lock, so two clicks cannot make two intents:
   * an open intent of the same amount is answered again (which is also what makes a retry idempotent).
   */
  async function createIntent(
    access: OrderAccess,
    input: OnlinePaymentIntentCreate,
    idempotencyKey: string | undefined,
  ): Promise<OnlinePaymentIntent> {
    return transaction(db, async (client) => {
      await exec(client, 'SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [access.order_id]);
      const b = await balanceOf(client, access.order_id);
      // Cancelled or closed since the route looked: gone, as the participant page answers.
      if (ENDED_STATUSES.includes(b.status)) throw new AppError('notFound');
      if (!b.accept_external_payments) throw new AppError('onlinePaymentsDisabled');
      if (b.due_minor <= 0) throw new AppError('nothingToPay');
      const amount = input.amount_minor ?? b.due_minor;
      if (amount > b.due_minor)
        throw new AppError('validation', {
          data: { issues: [{ path: 'amount_minor', code: 'exceeds_balance', balance_minor: b.due_minor }] },
        });
      const answer = (i: {
        provider_ref: string;
        client_secret: string;
        amount_minor: number;
        currency: string;
      }) => ({
        intent_id: i.provider_ref,
        client_secret: i.client_secret,
        provider: provider.name,
        mode: provider.mode,
        amount_minor: i.amount_minor,
        currency: i.currency.trim(),
      });
      const reused = await openIntent(client, access.order_id, amount);
      // Processing too: that payment is on its way, a second intent could take the money twice.
      if (reused?.client_secret) return answer({ ...reused, client_secret: reused.client_secret });
      // The provider's own idempotency: the caller's key when given (a retry after our rollback gets the same
      // intent), else a fresh one. Never a key from our ids alone: a database made again would reuse them.
      const created = await provider.createIntent({
        amountMinor: amount,
        currency: b.currency,
        orderId: access.order_id,
        idempotencyKey: `nine-intent-${access.order_id}-${amount}-${idempotencyKey ?? randomBytes(16).toString('hex')}`,
      });
      const row = await one<Intent>(
        client,
        `INSERT INTO online_payment_intents (provider, provider_ref, order_id, location_id, amount_minor, currency, status, client_secret)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${INTENT_COLUMNS}`,
        [
          provider.name,
          created.ref,
          access.order_id,
          access.location_id,
          amount,
          b.currency,
          created.status,
          created.clientSecret,
        ],
      );
      return answer({ ...row, client_secret: created.clientSecret });
    });
  }

  /**
   * Applies one verified event in its own transaction. Locks the order before the intent, as every money write and
   * a cancellation do, so the webhook never waits on them in the other order.
   */
  async function applyEvent(client: pg.PoolClient, event: ReturnType<PaymentProvider['parseWebhook']>) {
    const fresh = await exec(
      client,
      `INSERT INTO payment_provider_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [provider.name, event.eventId, event.type.slice(0, 100)],
    );
    // A replay (providers send events more than once) or an event about something else.
    if (fresh === 0 || event.intentRef === null || event.status === null) return;
    const found = await maybeOne<Pick<Intent, 'order_id'>>(
      client,
      'SELECT order_id FROM online_payment_intents WHERE provider = $1 AND provider_ref = $2',
      [provider.name, event.intentRef],
    );
    // An intent Nine did not make (another application on the same Stripe account): nothing of ours to move.
    if (!found) return;
    const order = await one<{ status: string }>(
      client,
      'SELECT status FROM orders WHERE id = $1 FOR UPDATE',
      [found.order_id],
    );
    const intent = await one<Intent>(
      client,
      `SELECT ${INTENT_COLUMNS} FROM online_payment_intents WHERE provider = $1 AND provider_ref = $2 FOR UPDATE`,
      [provider.name, event.intentRef],
    );
    // Late or repeated news (a `processing` after `failed`, anything after `succeeded`) does not move it back.
    if (!NEXT_STATUSES[intent.status].includes(event.status)) return;
    if (event.status === 'succeeded') {
      // Verified money received is always recorded, whatever happened meanwhile (external payments switched off,
      // the order cancelled): refusing it would leave money taken and never booked. On an ended order it is all
      // account credit (money.recordProviderPayment), which the reference tells staff to give back.
      const ended = ENDED_STATUSES.includes(order.status);
      const reference = [
        provider.mode === 'test' ? 'TEST MODE' : null,
        provider.name,
        intent.provider_ref,
        ended ? `(order ${order.status}: refund)` : null,
      ]
        .filter(Boolean)
        .join(' ');
      const paymentId = await money.recordProviderPayment(client, {
        locationId: intent.location_id,
        orderId: intent.order_id,
        // What the provider says was received is what arrived, even if it differs from what was asked.
        amountMinor: event.amountMinor ?? intent.amount_minor,
        reference: reference.slice(0, 100),
      });
      await exec(
        client,
        `UPDATE online_payment_intents SET status = 'succeeded', payment_id = $2, failure_message = NULL, updated_at = now() WHERE id = $1`,
        [intent.id, paymentId],
      );
      return;
    }
    await exec(
      client,
      `UPDATE online_payment_intents SET status = $2, failure_message = $3, updated_at = now() WHERE id = $1`,
      [intent.id, event.status, event.failureMessage],
    );
  }

  /**
   * The provider's webhook: verified on the raw body (400 1802 otherwise), then applied once. A failure inside
   * rolls the event back too, so the provider's retry applies it later.
   */
  async function handleWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
  ): Promise<void> {
    if (providerName !== provider.name) throw new AppError('notFound');
    const event = provider.parseWebhook(rawBody, headers, now());
    await transaction(db, (client) => applyEvent(client, event));
  }

  /** The test provider's card form: the provider makes the signed event Stripe would send; the webhook applies it. */
  async function confirmTestPayment(
    test: TestProvider,
    ref: string,
    input: { card_number: string; client_secret: string },
  ): Promise<TestPaymentResult> {
    const intent = await maybeOne<Intent & { order_status: string }>(
      db.pool,
      `SELECT ${INTENT_COLUMNS.replace(/(\w+)/g, 'i.$1')}, o.status AS order_status
       FROM online_payment_intents i JOIN orders o ON o.id = i.order_id
       WHERE i.provider = 'test' AND i.provider_ref = $1`,
      [ref],
    );
    const secret = Buffer.from(input.client_secret);
    const stored = Buffer.from(intent?.client_secret ?? '');
    if (!intent || secret.length !== stored.length || !timingSafeEqual(secret, stored))
      throw new AppError('notFound');
    if (intent.status === 'succeeded' || intent.status === 'canceled') return { status: intent.status };
    // The order was cancelled or closed: its open intents are not paid any more.
    if (ENDED_STATUSES.includes(intent.order_status)) throw new AppError('notFound');
    const event = test.confirm(
      {
        ref: intent.provider_ref,
        amountMinor: intent.amount_minor,
        currency: intent.currency,
        orderId: intent.order_id,
      },
      input.card_number,
      now(),
    );
    await handleWebhook('test', event.rawBody, event.headers);
    return event.succeeds
      ? { status: 'succeeded' }
      : { status: 'failed', failure_message: event.failureMessage ?? '' };
  }

  return { provider, isLive, state, createIntent, handleWebhook, confirmTestPayment };
}

export type OnlinePayments = ReturnType<typeof createOnlinePayments>;
