import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@nine/shared/errors';
import { buildApp, type NineApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import type { PaymentProvider } from '../src/modules/online-payments/payment-provider.ts';
import { providerFromConfig } from '../src/modules/online-payments/provider-from-env.ts';
import { refundIdempotencyKey } from '../src/modules/online-payments/provider-refund.ts';
import { createStripeProvider, type ProviderLog } from '../src/modules/online-payments/stripe-provider.ts';
import { createTestProvider } from '../src/modules/online-payments/test-provider.ts';
import { newAccessToken } from '../src/modules/public/order-access-token.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

const STRIPE_SECRET = 'whsec_nine_online_payments_test';
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

let tdb: TestDatabase;
let loc: number;
let cat: CatalogueFixture;
let clerk: Record<string, string>;
/** The app with the built-in test provider (its refunds recorded, and refused on demand). */
let nine: NineApp['app'];
/** The same database behind a Stripe provider built with a test secret (no network: only its webhook is used). */
let stripeApp: NineApp['app'];
const test = createTestProvider({ webhookSecret: 'whsec_test_provider_secret' });
const refunds: Parameters<PaymentProvider['refund']>[0][] = [];
let refuseRefunds = false;
/** Every idempotency key a refund was asked with, refused or not. */
const refundKeys: string[] = [];
let ipSeq = 0;
/** What the providers logged (the app's logger stands in). */
const logged: { level: string; msg: string; obj: object }[] = [];
const log: ProviderLog = {
  error: (obj, msg) => logged.push({ level: 'error', msg, obj }),
  warn: (obj, msg) => logged.push({ level: 'warn', msg, obj }),
};

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

async function app(provider: PaymentProvider): Promise<NineApp['app']> {
  const config = {
    ...loadConfig({}),
    webDist: '/nonexistent',
    outboxDir: '/nonexistent-outbox',
    exportsDir: '/nonexistent-exports',
    publicUrl: 'http://nine.test',
    responseContracts: 'enforce' as const,
  };
  return (await buildApp({ config, db: tdb.db, logger: false, paymentProvider: provider })).app;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Harbour');
  cat = await createCatalogue(tdb.db, loc, { items: 1, bulkStock: 1000 });
  await q(`UPDATE business_info SET accept_external_payments = true, process_external_refunds = true`);
  await q(`UPDATE access_policy SET refund_level1_minor = 10000000, refund_level2_minor = 10000000`);
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'rent_order', action: 'manage' },
      { resource: 'financial_transaction', action: 'change' },
      { resource: 'financial_transaction', action: 'refund' },
    ],
  });
  nine = await app({
    ...test,
    async refund(r) {
      refundKeys.push(r.idempotencyKey);
      if (refuseRefunds) throw new AppError('paymentProviderFailed', { data: { provider_message: 'no' } });
      refunds.push(r);
    },
  });
  stripeApp = await app(
    createStripeProvider(
      {
        secretKey: 'sk_test_not_used',
        webhookSecret: STRIPE_SECRET,
        publishableKey: 'pk_test_nine',
      },
      log,
    ),
  );
  clerk = { authorization: `Bearer ${await login(nine, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await nine.close();
  await stripeApp.close();
  await tdb.drop();
});

/** A rent order of two life jackets, booked by the clerk, and a share link opening it. */
async function orderWithLink(): Promise<{ id: number; total: number; token: string }> {
  const start = new Date(Date.now() + 86_400_000);
  const created = await nine.inject({
    method: 'POST',
    url: '/api/nine/rent-orders',
    headers: clerk,
    payload: {
      customer_id: cat.customerId,
      planned_start: start.toISOString(),
      planned_finish: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      items: [{ product_id: cat.bulkProductId, quantity: 2 }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data as { id: number; total_minor: number };
  expect(order.total_minor).toBeGreaterThan(0);
  const { token, hash } = newAccessToken();
  await q(
    `INSERT INTO order_access_tokens (token_hash, order_id, purpose, expires_at) VALUES ($1, $2, 'share_link', now() + interval '1 day')`,
    [hash, order.id],
  );
  return { id: order.id, total: order.total_minor, token };
}

/** Each test from its own address, so the per-IP limits do not leak between tests. */
const visitor = () => ({ 'x-forwarded-for': `198.51.100.${++ipSeq}` });

const state = (a: NineApp['app'], token: string, headers = visitor()) =>
  a.inject({ method: 'GET', url: `/api/nine/public/participant/${token}/payment`, headers });
const startPayment = (token: string, payload: object = {}, headers: Record<string, string> = visitor()) =>
  nine.inject({
    method: 'POST',
    url: `/api/nine/public/participant/${token}/payment-intent`,
    payload,
    headers,
  });
const confirm = (ref: string, card: string, clientSecret: string, headers = visitor()) =>
  nine.inject({
    method: 'POST',
    url: `/api/nine/public/test-payments/${ref}/confirm`,
    payload: { card_number: card, client_secret: clientSecret },
    headers,
  });

async function paymentsOf(orderId: number) {
  return (
    await q(
      `SELECT id, method, amount_minor::int AS amount_minor, created_by, cash_register_id, reference FROM payments WHERE order_id = $1 ORDER BY id`,
      [orderId],
    )
  ).rows;
}
async function paidOf(orderId: number): Promise<number> {
  return (await q('SELECT paid_minor::int AS p FROM orders WHERE id = $1', [orderId])).rows[0].p;
}
async function unbalancedTxns(): Promise<number> {
  return (
    await q(
      `SELECT count(*)::int AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_minor) <> 0) t`,
    )
  ).rows[0].n;
}

/** A Stripe-shaped payment_intent event. */
function intentEvent(
  id: string,
  type: string,
  intent: { ref: string; amount: number; received?: number },
): object {
  return {
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intent.ref,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: intent.received ?? intent.amount,
        currency: 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        last_payment_error: type === 'payment_intent.payment_failed' ? { message: 'Card declined' } : null,
      },
    },
  };
}

/** Posts a body to the Stripe app's webhook with Stripe's own test signature. */
function stripeWebhook(event: object, opts: { secret?: string; timestamp?: number; body?: string } = {}) {
  const payload = opts.body ?? JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? STRIPE_SECRET,
    ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
  });
  return stripeApp.inject({
    method: 'POST',
    url: '/api/nine/payments/webhook/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/** An intent as the intent route would have stored it after asking Stripe. */
async function stripeIntent(orderId: number, amount: number): Promise<string> {
  const ref = `pi_${Math.random().toString(36).slice(2)}`;
  await q(
    `INSERT INTO online_payment_intents (provider, provider_ref, order_id, location_id, amount_minor, currency, client_secret)
     VALUES ('stripe', $1, $2, $3, $4, 'USD', $1 || '_secret_x')`,
    [ref, orderId, loc, amount],
  );
  return ref;
}

describe('paying a balance with the test provider', () => {
  it('shows the balance, starts one intent for it and pays it with the test card, once', async () => {
    const order = await orderWithLink();
    const before = await state(nine, order.token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toEqual({
      enabled: true,
      provider: 'test',
      mode: 'test',
      currency: 'USD',
      currency_symbol: '$',
      total_minor: order.total,
      paid_minor: 0,
      due_minor: order.total,
    });

    const started = await startPayment(order.token);
    expect(started.statusCode, started.body).toBe(200);
    const intent = started.json().data;
    expect(intent).toMatchObject({
      provider: 'test',
      mode: 'test',
      amount_minor: order.total,
      currency: 'USD',
    });
    expect(intent.intent_id).toMatch(/^pi_test_/);
    // A second click (or a retry with the same Idempotency-Key) answers the same intent.
    const again = await startPayment(order.token, {}, { ...visitor(), 'idempotency-key': 'k-1' });
    expect(again.json().data.intent_id).toBe(intent.intent_id);
    expect((await state(nine, order.token)).json().data.pending_intent).toEqual({
      intent_id: intent.intent_id,
      amount_minor: order.total,
      status: 'created',
      client_secret: intent.client_secret,
    });

    const paid = await confirm(intent.intent_id, GOOD_CARD, intent.client_secret);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toEqual({ status: 'succeeded' });
    const payments = await paymentsOf(order.id);
    expect(payments).toEqual([
      {
        id: expect.any(Number),
        method: 'external',
        amount_minor: order.total,
        created_by: null,
        cash_register_id: null,
        // The test provider's money is not real: staff see so on the payment and its receipt.
        reference: `TEST MODE test ${intent.intent_id}`,
      },
    ]);
    expect(await paidOf(order.id)).toBe(order.total);
    expect(await unbalancedTxns()).toBe(0);
    const audited = await q(
      `SELECT user_id, location_id FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = 'payment'`,
      [String(order.id)],
    );
    expect(audited.rows).toEqual([{ user_id: null, location_id: loc }]);
    const row = await q('SELECT status, payment_id FROM online_payment_intents WHERE provider_ref = $1', [
      intent.intent_id,
    ]);
    expect(row.rows).toEqual([{ status: 'succeeded', payment_id: payments[0]!.id }]);

    // Confirming again changes nothing; the page shows it paid.
    expect((await confirm(intent.intent_id, GOOD_CARD, intent.client_secret)).json().data.status).toBe(
      'succeeded',
    );
    expect(await paymentsOf(order.id)).toHaveLength(1);
    const after = (await state(nine, order.token)).json().data;
    expect(after).toMatchObject({ paid_minor: order.total, due_minor: 0 });
    expect(after.pending_intent).toBeUndefined();
    // Nothing left to pay.
    const nothing = await startPayment(order.token);
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().resp_code).toBe(1803);
    const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
    expect(broken).toEqual([]);
  });

  it('makes one intent and one payment however many clicks arrive at once', async () => {
    const order = await orderWithLink();
    const started = await Promise.all([1, 2, 3, 4, 5].map(() => startPayment(order.token)));
    const ids = new Set(started.map((r) => r.json().data.intent_id));
    expect(ids.size).toBe(1);
    expect(
      (await q('SELECT count(*)::int AS n FROM online_payment_intents WHERE order_id = $1', [order.id]))
        .rows[0].n,
    ).toBe(1);
    const intent = started[0]!.json().data;
    const paid = await Promise.all(
      [1, 2, 3, 4].map(() => confirm(intent.intent_id, GOOD_CARD, intent.client_secret)),
    );
    expect(paid.map((r) => r.json().data.status)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await paidOf(order.id)).toBe(order.total);
  });

  it('declines the declined test card, then pays the same intent with the good one', async () => {
    const order = await orderWithLink();
    const intent = (await startPayment(order.token)).json().data;
    const declined = await confirm(intent.intent_id, DECLINED_CARD, intent.client_secret);
    expect(declined.json().data).toEqual({ status: 'failed', failure_message: 'Your card was declined.' });
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await state(nine, order.token)).json().data.pending_intent.status).toBe('failed');
    const unknown = await confirm(intent.intent_id, '4111 1111 1111 1111', intent.client_secret);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.issues).toEqual([
      { path: 'card_number', code: 'custom', message: 'test_card_unknown' },
    ]);
    const paid = await confirm(intent.intent_id, GOOD_CARD, intent.client_secret);
    expect(paid.json().data.status).toBe('succeeded');
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('pays part of the balance, bounded by what is due', async () => {
    const order = await orderWithLink();
    const over = await startPayment(order.token, { amount_minor: order.total + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.issues[0]).toMatchObject({ path: 'amount_minor', code: 'exceeds_balance' });
    const part = (await startPayment(order.token, { amount_minor: 100 })).json().data;
    expect(part.amount_minor).toBe(100);
    await confirm(part.intent_id, GOOD_CARD, part.client_secret);
    expect((await state(nine, order.token)).json().data).toMatchObject({
      paid_minor: 100,
      due_minor: order.total - 100,
    });
    // The rest is a new intent for the new balance.
    const rest = (await startPayment(order.token)).json().data;
    expect(rest.intent_id).not.toBe(part.intent_id);
    expect(rest.amount_minor).toBe(order.total - 100);
  });

  it('refuses when the business takes no external payments (1800), and says so on the page', async () => {
    const order = await orderWithLink();
    await q(`UPDATE business_info SET accept_external_payments = false`);
    try {
      expect((await state(nine, order.token)).json().data.enabled).toBe(false);
      const refused = await startPayment(order.token);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().resp_code).toBe(1800);
    } finally {
      await q(`UPDATE business_info SET accept_external_payments = true`);
    }
  });

  it('records a payment the webhook reports while external payments are off: the money has arrived', async () => {
    const order = await orderWithLink();
    const intent = (await startPayment(order.token)).json().data;
    await q(`UPDATE business_info SET accept_external_payments = false`);
    try {
      const paid = await confirm(intent.intent_id, GOOD_CARD, intent.client_secret);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data.status).toBe('succeeded');
    } finally {
      await q(`UPDATE business_info SET accept_external_payments = true`);
    }
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await paidOf(order.id)).toBe(order.total);
  });

  it('closes the payment to a cancelled order: state, start and the test card answer 404', async () => {
    const order = await orderWithLink();
    const intent = (await startPayment(order.token)).json().data;
    await q(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order.id]);
    const answers = [
      await state(nine, order.token),
      await startPayment(order.token),
      await confirm(intent.intent_id, GOOD_CARD, intent.client_secret),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(await paymentsOf(order.id)).toEqual([]);
  });

  it("answers a token of any length the path takes with the same 404 as a miss (past 200: Fastify's 414)", async () => {
    const miss = await state(nine, 'x'.repeat(43));
    for (const token of ['x'.repeat(101), 'x'.repeat(200), '%41'.repeat(66)]) {
      for (const res of [await state(nine, token), await startPayment(token)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(miss.json());
      }
    }
    // Longer path parameters never reach a route (Fastify's maxParamLength, app.ts), whatever they hold.
    expect((await state(nine, 'x'.repeat(201))).statusCode).toBe(414);
  });

  it('counts payment hits in buckets of their own: a page that spent the participant budget still pays', async () => {
    const order = await orderWithLink();
    const headers = visitor();
    // The participant routes' buckets (`ip:…`, `token:…`) at any count do not touch the payment's.
    await q(
      `INSERT INTO public_rate_limits (bucket, window_start, hits)
       SELECT b, date_trunc('minute', now()), 1000 FROM unnest($1::text[]) b`,
      [[`ip:${headers['x-forwarded-for']}`]],
    );
    const reads = [];
    // A family of six on one address: a page each, polling every 5 s for a minute.
    for (let i = 0; i < 18; i++) reads.push((await state(nine, order.token, headers)).statusCode);
    expect(reads.every((c) => c === 200)).toBe(true);
    const started = await startPayment(order.token, {}, headers);
    expect(started.statusCode, started.body).toBe(200);
  });

  it('answers unknown, malformed and revoked tokens with the same 404', async () => {
    const order = await orderWithLink();
    await q('UPDATE order_access_tokens SET revoked_at = now() WHERE order_id = $1', [order.id]);
    const bodies = [];
    for (const token of [order.token, 'x'.repeat(43), 'short']) {
      for (const res of [await state(nine, token), await startPayment(token)]) {
        expect(res.statusCode).toBe(404);
        bodies.push(res.json());
      }
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('limits starting payments per token (429) whatever the address', async () => {
    const order = await orderWithLink();
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push((await startPayment(order.token)).statusCode);
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it("cannot pay another order's intent: the confirm needs that intent's own client secret", async () => {
    const mine = await orderWithLink();
    const theirs = await orderWithLink();
    const myIntent = (await startPayment(mine.token)).json().data;
    const theirIntent = (await startPayment(theirs.token)).json().data;
    const crossed = await confirm(theirIntent.intent_id, GOOD_CARD, myIntent.client_secret);
    expect(crossed.statusCode).toBe(404);
    expect(await paymentsOf(theirs.id)).toEqual([]);
    expect(await paymentsOf(mine.id)).toEqual([]);
    // And a token answers its own order only.
    expect((await state(nine, mine.token)).json().data.pending_intent.intent_id).toBe(myIntent.intent_id);
  });

  it('verifies the test provider’s webhook like Stripe’s: replays are no-ops, forgeries and stale events refused', async () => {
    const order = await orderWithLink();
    const intent = (await startPayment(order.token)).json().data;
    const event = intentEvent('evt_direct_1', 'payment_intent.succeeded', {
      ref: intent.intent_id,
      amount: order.total,
    });
    const post = (signed: { rawBody: Buffer; headers: Record<string, string> }, provider = 'test') =>
      nine.inject({
        method: 'POST',
        url: `/api/nine/payments/webhook/${provider}`,
        payload: signed.rawBody,
        headers: signed.headers,
      });
    const stale = test.sign(event, new Date(Date.now() - 301_000));
    expect((await post(stale)).json().resp_code).toBe(1802);
    // Signed with another secret: a well-formed signature that does not verify.
    const forged = createTestProvider({ webhookSecret: 'whsec_someone_else' }).sign(event, new Date());
    const refused = await post(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().resp_code).toBe(1802);
    expect(await paymentsOf(order.id)).toEqual([]);
    // Another provider's path is not this app's.
    expect((await post(test.sign(event, new Date()), 'stripe')).statusCode).toBe(404);
    const signed = test.sign(event, new Date());
    expect((await post(signed)).json().data).toEqual({ received: true });
    expect((await post(signed)).statusCode).toBe(200);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });
});

describe('choosing the provider', () => {
  it('takes Stripe only with all three keys, live or test by the secret key', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    const keys = { STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_1' };
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_live_1', ...keys }).stripe!;
    expect(stripe).toEqual({ secretKey: 'sk_live_1', webhookSecret: 'whsec_1', publishableKey: 'pk_1' });
    expect(createStripeProvider(stripe, log).mode).toBe('live');
    expect(createStripeProvider({ ...stripe, secretKey: 'sk_test_1' }, log).mode).toBe('test');
  });

  it('warns at start-up when the test provider runs in production, and only then', () => {
    logged.length = 0;
    expect(providerFromConfig(undefined, log, false).name).toBe('test');
    expect(logged).toEqual([]);
    expect(providerFromConfig(undefined, log, true).name).toBe('test');
    expect(logged).toEqual([
      { level: 'warn', msg: expect.stringMatching(/^TEST MODE payments/), obj: expect.anything() },
    ]);
    logged.length = 0;
    providerFromConfig(
      { secretKey: 'sk_live_1', webhookSecret: 'whsec_1', publishableKey: 'pk_1' },
      log,
      true,
    );
    expect(logged).toEqual([]);
  });
});

describe('the Stripe webhook', () => {
  it('shows Stripe in test mode with its publishable key', async () => {
    const order = await orderWithLink();
    expect((await state(stripeApp, order.token)).json().data).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      publishable_key: 'pk_test_nine',
    });
  });

  it('records a succeeded intent once: replays and a second event for the same intent change nothing', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    const event = intentEvent('evt_stripe_1', 'payment_intent.succeeded', { ref, amount: order.total });
    const first = await stripeWebhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect((await stripeWebhook(event)).statusCode).toBe(200);
    const other = intentEvent('evt_stripe_2', 'payment_intent.succeeded', { ref, amount: order.total });
    expect((await stripeWebhook(other)).statusCode).toBe(200);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await paidOf(order.id)).toBe(order.total);
    expect(
      (
        await q('SELECT count(*)::int AS n FROM payment_provider_events WHERE event_id LIKE $1', [
          'evt_stripe_%',
        ])
      ).rows[0].n,
    ).toBe(2);
  });

  it('records one payment when two different events for one intent arrive at once', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        stripeWebhook(
          intentEvent(`evt_race_${ref}_${n}`, 'payment_intent.succeeded', { ref, amount: order.total }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await paymentsOf(order.id)).toHaveLength(1);
    expect(await unbalancedTxns()).toBe(0);
  });

  it('refuses a forged signature (400 1802) and a stale one, changing nothing', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    const event = intentEvent('evt_forged', 'payment_intent.succeeded', { ref, amount: order.total });
    const forged = await stripeWebhook(event, { secret: 'whsec_someone_else' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().resp_code).toBe(1802);
    const stale = await stripeWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    // A body changed after signing.
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: STRIPE_SECRET,
    });
    const tampered = await stripeApp.inject({
      method: 'POST',
      url: '/api/nine/payments/webhook/stripe',
      payload: JSON.stringify({ ...event, id: 'evt_other' }),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await paymentsOf(order.id)).toEqual([]);
    expect(
      (await q('SELECT count(*)::int AS n FROM payment_provider_events WHERE event_id = $1', ['evt_forged']))
        .rows[0].n,
    ).toBe(0);
  });

  it('records what Stripe received when it differs from what was asked, and marks failures', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    await stripeWebhook(
      intentEvent(`evt_fail_${ref}`, 'payment_intent.payment_failed', { ref, amount: order.total }),
    );
    const failed = await q(
      'SELECT status, failure_message FROM online_payment_intents WHERE provider_ref = $1',
      [ref],
    );
    expect(failed.rows).toEqual([{ status: 'failed', failure_message: 'Card declined' }]);
    await stripeWebhook(
      intentEvent(`evt_part_${ref}`, 'payment_intent.succeeded', { ref, amount: order.total, received: 300 }),
    );
    expect((await paymentsOf(order.id)).map((p) => p.amount_minor)).toEqual([300]);
  });

  it('does not move an intent back: a late `processing` after `failed` or `succeeded` changes nothing', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    const statusOf = async () =>
      (await q('SELECT status FROM online_payment_intents WHERE provider_ref = $1', [ref])).rows[0].status;
    await stripeWebhook(intentEvent(`evt_oo1_${ref}`, 'payment_intent.payment_failed', { ref, amount: 100 }));
    expect(await statusOf()).toBe('failed');
    // Sent before the failure, delivered after it.
    await stripeWebhook(intentEvent(`evt_oo2_${ref}`, 'payment_intent.canceled', { ref, amount: 100 }));
    expect(await statusOf()).toBe('canceled');
    await stripeWebhook(intentEvent(`evt_oo3_${ref}`, 'payment_intent.processing', { ref, amount: 100 }));
    expect(await statusOf()).toBe('canceled');
    await stripeWebhook(
      intentEvent(`evt_oo4_${ref}`, 'payment_intent.succeeded', { ref, amount: order.total }),
    );
    expect(await statusOf()).toBe('succeeded');
    await stripeWebhook(intentEvent(`evt_oo5_${ref}`, 'payment_intent.processing', { ref, amount: 100 }));
    await stripeWebhook(intentEvent(`evt_oo6_${ref}`, 'payment_intent.payment_failed', { ref, amount: 100 }));
    expect(await statusOf()).toBe('succeeded');
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('lets a failed intent be tried again: failed, then processing, then succeeded', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    const statusOf = async () =>
      (await q('SELECT status FROM online_payment_intents WHERE provider_ref = $1', [ref])).rows[0].status;
    await stripeWebhook(intentEvent(`evt_rt1_${ref}`, 'payment_intent.payment_failed', { ref, amount: 100 }));
    await stripeWebhook(intentEvent(`evt_rt2_${ref}`, 'payment_intent.processing', { ref, amount: 100 }));
    expect(await statusOf()).toBe('processing');
    await stripeWebhook(
      intentEvent(`evt_rt3_${ref}`, 'payment_intent.succeeded', { ref, amount: order.total }),
    );
    expect(await statusOf()).toBe('succeeded');
  });

  it('records money that arrives for a cancelled order as account credit staff must give back', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    await q(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order.id]);
    const res = await stripeWebhook(
      intentEvent(`evt_cancelled_${ref}`, 'payment_intent.succeeded', { ref, amount: order.total }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const payments = await paymentsOf(order.id);
    expect(payments).toEqual([
      expect.objectContaining({
        method: 'external',
        amount_minor: order.total,
        reference: `TEST MODE stripe ${ref} (order cancelled: refund)`,
      }),
    ]);
    // Nothing is owed on a cancelled order: all of it is the customer's credit.
    const credit = await q(
      `SELECT (-sum(e.amount_minor))::int AS credit FROM ledger_entries e
       WHERE e.payment_id = $1 AND e.gl_code = (SELECT gl_code FROM gl_system_accounts WHERE posting = 'customer_credit')`,
      [payments[0]!.id],
    );
    expect(credit.rows[0].credit).toBe(order.total);
    expect(await unbalancedTxns()).toBe(0);
    expect(
      (await q('SELECT status FROM online_payment_intents WHERE provider_ref = $1', [ref])).rows[0].status,
    ).toBe('succeeded');
  });

  it('has no test card route under Stripe, and parses JSON normally next to the raw webhook', async () => {
    const order = await orderWithLink();
    const ref = await stripeIntent(order.id, order.total);
    const testConfirm = await stripeApp.inject({
      method: 'POST',
      url: `/api/nine/public/test-payments/${ref}/confirm`,
      payload: { card_number: GOOD_CARD, client_secret: `${ref}_secret_x` },
      headers: visitor(),
    });
    expect(testConfirm.statusCode).toBe(404);
    expect(await paymentsOf(order.id)).toEqual([]);
    // A JSON route beside the webhook still gets its body parsed (the raw parser is the webhook's scope only).
    const started = await stripeApp.inject({
      method: 'POST',
      url: `/api/nine/public/participant/${order.token}/payment-intent`,
      payload: { amount_minor: order.total + 1 },
      headers: visitor(),
    });
    expect(started.statusCode).toBe(400);
    expect(started.json().data.issues[0]).toMatchObject({ path: 'amount_minor', code: 'exceeds_balance' });
  });

  it('ignores events about anything but payment intents, and intents it did not make', async () => {
    const res = await stripeWebhook({
      id: 'evt_customer',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(res.statusCode).toBe(200);
    const foreign = await stripeWebhook(
      intentEvent('evt_foreign', 'payment_intent.succeeded', { ref: 'pi_not_ours', amount: 100 }),
    );
    expect(foreign.statusCode).toBe(200);
  });
});

describe('refunding an online payment', () => {
  async function paidOnline() {
    const order = await orderWithLink();
    const intent = (await startPayment(order.token)).json().data;
    await confirm(intent.intent_id, GOOD_CARD, intent.client_secret);
    const [payment] = await paymentsOf(order.id);
    return { order, intent, paymentId: payment!.id as number };
  }
  const refund = (paymentId: number, amount: number) =>
    nine.inject({
      method: 'POST',
      url: `/api/nine/payments/${paymentId}/refunds`,
      headers: clerk,
      payload: { amount_minor: amount, reason: 'Tour cancelled' },
    });

  it('gives the money back through the provider, keyed by what was refunded before', async () => {
    const { order, intent, paymentId } = await paidOnline();
    const res = await refund(paymentId, 150);
    expect(res.statusCode, res.body).toBe(201);
    expect(refunds.at(-1)).toEqual({
      intentRef: intent.intent_id,
      amountMinor: 150,
      idempotencyKey: `nine-refund-${intent.intent_id}-0-150`,
    });
    // The next refund of the same amount is another refund: another key.
    expect((await refund(paymentId, 150)).statusCode).toBe(201);
    expect(refunds.at(-1)!.idempotencyKey).toBe(refundIdempotencyKey(intent.intent_id, 150, 150));
    expect(await paidOf(order.id)).toBe(order.total - 300);
    expect(await unbalancedTxns()).toBe(0);
  });

  it('sends the same key again when a refund is retried after the first attempt rolled back', async () => {
    const { intent, paymentId } = await paidOnline();
    refuseRefunds = true;
    try {
      expect((await refund(paymentId, 120)).statusCode).toBe(502);
    } finally {
      refuseRefunds = false;
    }
    expect((await refund(paymentId, 120)).statusCode).toBe(201);
    const key = refundIdempotencyKey(intent.intent_id, 0, 120);
    expect(refundKeys.slice(-2)).toEqual([key, key]);
  });

  it('changes nothing when the provider refuses (502 1801)', async () => {
    const { order, paymentId } = await paidOnline();
    refuseRefunds = true;
    try {
      const res = await refund(paymentId, 150);
      expect(res.statusCode).toBe(502);
      expect(res.json().resp_code).toBe(1801);
    } finally {
      refuseRefunds = false;
    }
    expect(
      (await q('SELECT count(*)::int AS n FROM refunds WHERE payment_id = $1', [paymentId])).rows[0].n,
    ).toBe(0);
    expect(await paidOf(order.id)).toBe(order.total);
  });

  it("the integrity rule names an intent whose payment is not its own order's online payment", async () => {
    const { order, paymentId } = await paidOnline();
    const other = await orderWithLink();
    const client = await tdb.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE payments SET order_id = $2 WHERE id = $1', [paymentId, other.id]);
      const broken = (await runIntegrityChecks(client)).filter((r) => r.violations > 0).map((r) => r.name);
      expect(broken).toContain('online_intent_payment');
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('does not call the provider for a payment taken at the counter', async () => {
    const order = await orderWithLink();
    const cash = await nine.inject({
      method: 'POST',
      url: '/api/nine/payments',
      headers: clerk,
      payload: { order_id: order.id, method: 'external', amount_minor: 500, reference: 'bank transfer' },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const count = refunds.length;
    const [payment] = await paymentsOf(order.id);
    expect((await refund(payment!.id, 100)).statusCode).toBe(201);
    expect(refunds.length).toBe(count);
  });
});
