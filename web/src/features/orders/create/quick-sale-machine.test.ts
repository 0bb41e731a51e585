import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client.ts';
import { httpError } from '../../../testing/api-error.ts';
import type { SaleOrderCreateBody } from '../api/create-sale-order.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { CatalogueMatch } from '../api/lookup-catalogue.ts';
import { scriptedCreate, type CreateReply } from '../testing/scripted-create.ts';
import { quickSaleMachine, saleSubtotalMinor } from './quick-sale-machine.ts';

const product = (id: number, sku: string, price: number): CatalogueMatch => ({
  kind: 'product',
  product_id: id,
  product_sku: sku,
  product_name: `Product ${sku}`,
  product_category: null,
  price_minor: price,
  deposit_minor: 0,
  item_id: null,
  item_sku: null,
  barcode: null,
  item_status: null,
  stock_quantity: 10,
});
const wax = product(1, 'WAX', 450);
const leash = product(2, 'LEASH', 2500);
const rentItem: CatalogueMatch = {
  ...wax,
  kind: 'item',
  item_id: 9,
  item_sku: 'BOARD-9',
  product_name: 'Board',
};

function start(create: CreateReply[] = [], delays: Record<string, Promise<void>> = {}) {
  const creates: { body: SaleOrderCreateBody; key: string }[] = [];
  const catalogue: Record<string, CatalogueMatch[]> = { WAX: [wax], LEASH: [leash], BOARD: [rentItem] };
  let keys = 0;
  const machine = quickSaleMachine.provide({
    actors: {
      lookup: fromPromise(async ({ input }: { input: { code: string } }) => {
        await delays[input.code];
        return { matches: catalogue[input.code] ?? [] };
      }),
      create: scriptedCreate(create, creates),
    },
  });
  const actor = createActor(machine, { input: { newKey: () => `sale-${++keys}` } }).start();
  return { actor, creates };
}

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ scanning: 'ready' }) || s.matches('done') || s.matches('failed'));

/** The leash scanned in a sale whose first checkout finds the network down and the second goes through. */
async function leashAfterOffline() {
  const sale = { id: 5, number: 200005 } as OrderDetail;
  const started = start([() => new ApiError({ kind: 'network', status: 0, message: 'offline' }), () => sale]);
  started.actor.send({ type: 'SCAN', code: 'LEASH' });
  await settled(started.actor);
  return { ...started, sale };
}

describe('quick sale flow', () => {
  it('adds a line per product, a second scan adds one more, and + / − step the last line', async () => {
    const { actor } = start();
    actor.send({ type: 'SCAN', code: 'WAX' });
    await settled(actor);
    actor.send({ type: 'SCAN', code: 'LEASH' });
    await settled(actor);
    actor.send({ type: 'SCAN', code: 'WAX' });
    await settled(actor);
    actor.send({ type: 'STEP_LAST', by: 1 });
    actor.send({ type: 'STEP_LAST', by: 1 });
    actor.send({ type: 'STEP_LAST', by: -1 });
    const { lines } = actor.getSnapshot().context;
    expect(lines.map((l) => [l.match.product_sku, l.quantity])).toEqual([
      ['WAX', 2],
      ['LEASH', 2],
    ]);
    expect(saleSubtotalMinor(lines)).toBe(2 * 450 + 2 * 2500);
  });

  it('loses no scan when the scanner is faster than the lookups', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { actor } = start([], { WAX: slow });
    actor.send({ type: 'SCAN', code: 'WAX' });
    actor.send({ type: 'SCAN', code: 'LEASH' });
    actor.send({ type: 'SCAN', code: 'WAX' });
    release();
    const snapshot = await settled(actor);
    expect(snapshot.context.lines.map((l) => [l.match.product_sku, l.quantity])).toEqual([
      ['WAX', 2],
      ['LEASH', 1],
    ]);
  });

  it('refuses rent items and unknown codes with a message, adding nothing', async () => {
    const { actor } = start();
    actor.send({ type: 'SCAN', code: 'BOARD' });
    let snapshot = await settled(actor);
    expect(snapshot.context.scan).toMatchObject({ status: 'not_for_sale', label: 'BOARD-9' });
    actor.send({ type: 'SCAN', code: 'NOPE' });
    snapshot = await settled(actor);
    expect(snapshot.context.scan).toEqual({ status: 'not_found', code: 'NOPE' });
    expect(snapshot.context.lines).toEqual([]);
  });

  it('will not check out an empty sale or a discount above the line price', async () => {
    const { actor, creates } = start();
    actor.send({ type: 'CHECKOUT' });
    expect(actor.getSnapshot().matches('scanning')).toBe(true);
    actor.send({ type: 'SCAN', code: 'WAX' });
    await settled(actor);
    actor.send({ type: 'SET_DISCOUNT', key: 'product:1', discountMinor: 451 });
    actor.send({ type: 'CHECKOUT' });
    expect(actor.getSnapshot().matches('scanning')).toBe(true);
    expect(creates).toEqual([]);
  });

  it('checks out once with the walk-in customer, retrying with the same key', async () => {
    const { actor, creates, sale } = await leashAfterOffline();
    actor.send({ type: 'SET_DISCOUNT', key: 'product:2', discountMinor: 500 });
    actor.send({ type: 'CHECKOUT' });
    expect((await settled(actor)).value).toBe('failed');
    actor.send({ type: 'RETRY' });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('done');
    expect(snapshot.context.created).toBe(sale);
    expect(creates).toEqual([
      { body: { items: [{ product_id: 2, quantity: 1, discount_minor: 500 }] }, key: 'sale-1' },
      { body: { items: [{ product_id: 2, quantity: 1, discount_minor: 500 }] }, key: 'sale-1' },
    ]);
    actor.send({ type: 'NEW_SALE' });
    expect(actor.getSnapshot().context.lines).toEqual([]);
  });

  it('the same note and discounts handed over again after Edit are the same request, with its key', async () => {
    const { actor, creates } = await leashAfterOffline();
    const handOver = () => {
      actor.send({ type: 'SET_DISCOUNT', key: 'product:2', discountMinor: 500 });
      actor.send({ type: 'SET_NOTE', staffNote: 'Gift wrap' });
      actor.send({ type: 'CHECKOUT' });
    };
    handOver();
    expect((await settled(actor)).value).toBe('failed');
    actor.send({ type: 'EDIT' });
    // The sale's form hands over everything it holds at each checkout: unchanged, it changes nothing.
    handOver();
    expect((await settled(actor)).value).toBe('done');
    expect(creates.map((c) => c.key)).toEqual(['sale-1', 'sale-1']);
    expect(creates[1]!.body).toEqual({
      items: [{ product_id: 2, quantity: 1, discount_minor: 500 }],
      staff_note: 'Gift wrap',
    });
  });

  it('comes back to the counter naming what is out of stock (1208), with a fresh key next time', async () => {
    const short = httpError(422, 1208, 'The following product(s) is/are not available for rent: WAX', [
      { product_sku: 'WAX' },
    ]);
    const { actor, creates } = start([() => short, () => ({ id: 1, number: 1 }) as OrderDetail]);
    actor.send({ type: 'SCAN', code: 'WAX' });
    await settled(actor);
    actor.send({ type: 'SET_CUSTOMER', customer: { id: 42, name: 'Ada Lovelace' } });
    actor.send({ type: 'CHECKOUT' });
    let snapshot = await settled(actor);
    expect(snapshot.context.outOfStock).toEqual(['WAX']);
    actor.send({ type: 'SET_QUANTITY', key: 'product:1', quantity: 0 });
    actor.send({ type: 'SCAN', code: 'LEASH' });
    await settled(actor);
    actor.send({ type: 'CHECKOUT' });
    snapshot = await settled(actor);
    expect(snapshot.value).toBe('done');
    expect(creates.map((c) => [c.key, c.body.customer_id])).toEqual([
      ['sale-1', 42],
      ['sale-2', 42],
    ]);
  });

  it('sells to the chosen customer, back to the default customer when cleared, and starts the next sale on the default', async () => {
    const { actor, creates } = start([() => ({ id: 6, number: 200006 }) as OrderDetail]);
    actor.send({ type: 'SCAN', code: 'WAX' });
    await settled(actor);
    actor.send({ type: 'SET_CUSTOMER', customer: { id: 7, name: 'Grace Hopper' } });
    expect(actor.getSnapshot().context.customer).toEqual({ id: 7, name: 'Grace Hopper' });
    actor.send({ type: 'SET_CUSTOMER', customer: null });
    expect(actor.getSnapshot().context.customer).toBeNull();
    actor.send({ type: 'SET_CUSTOMER', customer: { id: 7, name: 'Grace Hopper' } });
    actor.send({ type: 'CHECKOUT' });
    expect((await settled(actor)).value).toBe('done');
    expect(creates[0]!.body.customer_id).toBe(7);
    actor.send({ type: 'NEW_SALE' });
    expect(actor.getSnapshot().context.customer).toBeNull();
  });
});
