import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { priceBreakdown } from '@nine/shared/tax';
import { ApiError } from '../../../lib/api-client.ts';
import { httpError } from '../../../testing/api-error.ts';
import type { RentOrderCreateBody } from '../api/create-rent-order.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import type { RentQuote, RentQuoteBody } from '../api/quote-rent-order.ts';
import { adaPick, kayakMatch } from '../testing/create-fixtures.ts';
import { scriptedCreate, type CreateReply } from '../testing/scripted-create.ts';
import { createOrderMachine } from './create-order-machine.ts';

const kayak = kayakMatch;
const paddle: CatalogueMatch = {
  ...kayak,
  kind: 'product',
  product_id: 20,
  product_sku: 'PADDLE',
  product_name: 'Paddle',
  item_id: null,
  item_sku: null,
  barcode: '29000020',
  stock_quantity: 12,
};
const customer = adaPick;
const created = { id: 99, number: 100099 } as OrderDetail;

interface Script {
  lookup?: Record<string, CatalogueMatch[]>;
  quote?: (body: RentQuoteBody) => RentQuote;
  create?: CreateReply[];
}

function start(script: Script = {}) {
  const creates: { body: RentOrderCreateBody; key: string }[] = [];
  let keys = 0;
  const machine = createOrderMachine.provide({
    actors: {
      lookup: fromPromise(async ({ input }: { input: { code: string } }) => ({
        matches: script.lookup?.[input.code] ?? [],
      })),
      quote: fromPromise(async ({ input }: { input: RentQuoteBody }) => {
        if (!script.quote) throw new Error('no quote');
        return script.quote(input);
      }),
      create: scriptedCreate(script.create, creates),
    },
  });
  const actor = createActor(machine, { input: { newKey: () => `key-${++keys}` } }).start();
  return { actor, creates };
}

const idle = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(
    actor,
    (s) => !s.matches({ items: 'lookingUp' }) && !s.matches({ items: 'quoting' }) && !s.matches('submitting'),
  );

async function toItems(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'CHOOSE_CUSTOMER', customer });
  actor.send({ type: 'NEXT' });
  actor.send({ type: 'SET_PERIOD', start: '2025-02-01T09:00:00.000Z', finish: '2025-02-03T09:00:00.000Z' });
  actor.send({ type: 'NEXT' });
  await idle(actor);
}

/** Through the customer and period steps, the kayak scanned, to the review. */
async function toReviewWithKayak(actor: ReturnType<typeof start>['actor']) {
  await toItems(actor);
  actor.send({ type: 'SCAN', code: 'KAY-01' });
  await idle(actor);
  actor.send({ type: 'NEXT' });
}

describe('create rent order flow', () => {
  it('will not leave a step before it is complete', () => {
    const { actor } = start();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('customer');
    actor.send({ type: 'CHOOSE_CUSTOMER', customer });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SET_PERIOD', start: '2025-02-03T09:00:00Z', finish: '2025-02-01T09:00:00Z' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('period');
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('customer');
  });

  it('adds scanned items once, bulk products again as quantity, and marks availability from the quote', async () => {
    const { actor } = start({
      lookup: { 'KAY-01': [kayak], '29000020': [paddle] },
      quote: (body) => ({
        lines: body.items.map((line) => ({
          item_id: 'item_id' in line ? line.item_id : null,
          product_id: 'product_id' in line ? line.product_id : 10,
          quantity: 'quantity' in line ? line.quantity : 1,
          unit_price_minor: 8000,
          deposit_minor: 0,
          available: !('quantity' in line && line.quantity > 1),
          available_quantity: null,
          product_category: 'Kayaks',
          product_sku: 'KAY',
        })),
        net_minor: 0,
        tax_minor: 0,
        total_minor: 16000,
        deposit_minor: 0,
        is_tax_included: false,
        price_breakdown: priceBreakdown({
          lines: [],
          taxes: [],
          is_tax_included: false,
          show_taxes_mode: 'separate',
        }),
      }),
    });
    await toItems(actor);
    actor.send({ type: 'SCAN', code: 'KAY-01' });
    await idle(actor);
    actor.send({ type: 'SCAN', code: 'KAY-01' });
    let snapshot = await idle(actor);
    expect(snapshot.context.lines).toHaveLength(1);
    expect(snapshot.context.lookup).toMatchObject({ status: 'already_added' });
    actor.send({ type: 'SCAN', code: '29000020' });
    await idle(actor);
    actor.send({ type: 'SCAN', code: '29000020' });
    snapshot = await idle(actor);
    expect(snapshot.context.lines.map((l) => [l.key, l.quantity, l.available])).toEqual([
      ['item:501', 1, true],
      ['product:20', 2, false],
    ]);
    expect(snapshot.context.quote?.total_minor).toBe(16000);
    actor.send({ type: 'SCAN', code: 'nothing' });
    snapshot = await idle(actor);
    expect(snapshot.context.lookup).toEqual({ status: 'not_found', code: 'nothing' });
  });

  it('offers a choice when a code matches several, and goes on without a quote', async () => {
    const { actor } = start({ lookup: { KAY: [kayak, { ...kayak, item_id: 502, item_sku: 'KAY-02' }] } });
    await toItems(actor);
    actor.send({ type: 'SCAN', code: 'KAY' });
    let snapshot = await idle(actor);
    expect(snapshot.context.lookup).toMatchObject({ status: 'several', code: 'KAY' });
    actor.send({ type: 'ADD_MATCH', match: kayak });
    snapshot = await idle(actor);
    expect(snapshot.context.lines).toHaveLength(1);
    expect(snapshot.context.quote).toBeNull();
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('review');
  });

  it('creates with one key per attempt, reused on retry, and a new one after an edit', async () => {
    const { actor, creates } = start({
      lookup: { 'KAY-01': [kayak] },
      create: [() => new ApiError({ kind: 'timeout', status: 0, message: 'too slow' }), () => created],
    });
    await toReviewWithKayak(actor);
    actor.send({ type: 'SET_DETAILS', status: 'pending', staffNote: ' Helmet too ', ccSkipped: true });
    actor.send({ type: 'SUBMIT' });
    let snapshot = await idle(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.error).toBe('too slow');
    actor.send({ type: 'RETRY' });
    snapshot = await idle(actor);
    expect(snapshot.value).toBe('done');
    expect(snapshot.context.created).toBe(created);
    expect(creates.map((c) => c.key)).toEqual(['key-1', 'key-1']);
    expect(creates[0]!.body).toEqual({
      customer_id: 7,
      planned_start: '2025-02-01T09:00:00.000Z',
      planned_finish: '2025-02-03T09:00:00.000Z',
      status: 'pending',
      items: [{ item_id: 501 }],
      cc_skipped: true,
      staff_note: 'Helmet too',
    });
    actor.send({ type: 'START_OVER' });
    expect(actor.getSnapshot().value).toBe('customer');
    expect(actor.getSnapshot().context.lines).toEqual([]);
  });

  it('a failed attempt followed by an edit sends a new key', async () => {
    const { actor, creates } = start({
      lookup: { 'KAY-01': [kayak] },
      create: [() => new ApiError({ kind: 'http', status: 500, message: 'oops' }), () => created],
    });
    await toReviewWithKayak(actor);
    actor.send({ type: 'SUBMIT' });
    await idle(actor);
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'SET_DETAILS', customerNote: 'Call at the door' });
    actor.send({ type: 'SUBMIT' });
    await idle(actor);
    expect(creates.map((c) => c.key)).toEqual(['key-1', 'key-2']);
  });

  it('the same details and period handed over again after Edit are the same request, with its key', async () => {
    const helmetDetails = {
      type: 'SET_DETAILS',
      status: 'confirmed',
      staffNote: 'Helmet',
      customerNote: '',
      ccSkipped: false,
    } as const;
    const { actor, creates } = start({
      lookup: { 'KAY-01': [kayak] },
      create: [() => new ApiError({ kind: 'timeout', status: 0, message: 'too slow' }), () => created],
    });
    await toReviewWithKayak(actor);
    actor.send(helmetDetails);
    actor.send({ type: 'SUBMIT' });
    await idle(actor);
    actor.send({ type: 'EDIT' });
    // The review form hands over everything it holds on each submit: unchanged, it changes nothing.
    actor.send(helmetDetails);
    actor.send({ type: 'SUBMIT' });
    expect((await idle(actor)).value).toBe('done');
    expect(creates.map((c) => c.key)).toEqual(['key-1', 'key-1']);
  });

  it('keeps the quote when the period step hands over the same period, and drops it for another', async () => {
    const quoted = { lines: [], total_minor: 8000 } as unknown as RentQuote;
    const { actor } = start({ lookup: { 'KAY-01': [kayak] }, quote: () => quoted });
    await toItems(actor);
    actor.send({ type: 'SCAN', code: 'KAY-01' });
    await idle(actor);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'SET_PERIOD', start: '2025-02-01T09:00:00.000Z', finish: '2025-02-03T09:00:00.000Z' });
    expect(actor.getSnapshot().context.quote).toBe(quoted);
    actor.send({ type: 'SET_PERIOD', start: '2025-02-01T09:00:00.000Z', finish: '2025-02-04T09:00:00.000Z' });
    expect(actor.getSnapshot().context.quote).toBeNull();
  });

  const records = [{ product_category: 'Kayaks', product_sku: 'KAYAK', item_id: 501 }];
  it.each([
    ['keyed by code, as the server answers', { 1207: records }],
    ['as a bare list', records],
  ])('on 1207 (%s) goes back to the items with the unavailable ones marked', async (_shape, data) => {
    const conflict = httpError(
      422,
      1207,
      'Action failed. The following product(s) is/are unavailable: Kayaks',
      data,
    );
    const { actor } = start({
      lookup: { 'KAY-01': [kayak], '29000020': [paddle] },
      create: [() => conflict],
    });
    await toItems(actor);
    actor.send({ type: 'SCAN', code: 'KAY-01' });
    await idle(actor);
    actor.send({ type: 'SCAN', code: '29000020' });
    await idle(actor);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SUBMIT' });
    const snapshot = await idle(actor);
    expect(snapshot.matches('items')).toBe(true);
    expect(snapshot.context.unavailable).toEqual([
      { product_category: 'Kayaks', product_sku: 'KAYAK', item_id: 501 },
    ]);
    expect(snapshot.context.lines.map((l) => l.available)).toEqual([false, null]);
    expect(snapshot.context.idempotencyKey).toBeNull();
  });
});
