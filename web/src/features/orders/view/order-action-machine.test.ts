import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client.ts';
import { httpError } from '../../../testing/api-error.ts';
import type { OrderDetail } from '../api/get-order.ts';
import type { OrderEventBody } from '../api/send-order-event.ts';
import { orderActionMachine } from './order-action-machine.ts';

const updated = { id: 5, version: 8 } as OrderDetail;

/** The machine with a scripted server: each call answers the next reply. */
function start(replies: ((body: OrderEventBody) => OrderDetail | ApiError)[]) {
  const sent: OrderEventBody[] = [];
  const orderChanged = vi.fn();
  const reloadOrder = vi.fn();
  const machine = orderActionMachine.provide({
    actors: {
      sendEvent: fromPromise(async ({ input }: { input: OrderEventBody }) => {
        sent.push(input);
        const reply = replies.shift();
        if (reply === undefined) throw new Error('no reply scripted');
        const result = reply(input);
        if (result instanceof ApiError) throw result;
        return result;
      }),
    },
    actions: { orderChanged: (_, order) => orderChanged(order), reloadOrder },
  });
  const actor = createActor(machine).start();
  return { actor, sent, orderChanged, reloadOrder };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.matches('sending'));

describe('order action flow', () => {
  it('sends the event with the displayed version and hands over the updated order', async () => {
    const { actor, sent, orderChanged } = start([() => updated]);
    actor.send({
      type: 'START',
      action: { type: 'DELIVER', itemIds: [1, 2] },
      version: 7,
      hasPayment: false,
    });
    const snapshot = await settled(actor);
    expect(sent).toEqual([{ type: 'DELIVER', item_ids: [1, 2], version: 7 }]);
    expect(orderChanged).toHaveBeenCalledWith(updated);
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.completed).toBe('DELIVER');
  });

  it('shows the warnings of a 1205 and resends acknowledging them', async () => {
    const { actor, sent } = start([
      () => httpError(422, 1205, 'Please confirm', { warnings: ['no_sku', 'unpaid', 'unknown'] }),
      () => updated,
    ]);
    actor.send({ type: 'START', action: { type: 'DELIVER', itemIds: [3] }, version: 2, hasPayment: false });
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe('confirming');
    expect(snapshot.context.warnings).toEqual(['no_sku', 'unpaid']);
    actor.send({ type: 'CONFIRM_WARNINGS' });
    snapshot = await settled(actor);
    expect(sent[1]).toEqual({
      type: 'DELIVER',
      item_ids: [3],
      version: 2,
      acknowledge: ['no_sku', 'unpaid'],
    });
    expect(snapshot.value).toBe('idle');
  });

  it('going back from the warnings sends nothing more', async () => {
    const { actor, sent } = start([
      () => httpError(422, 1205, 'Please confirm', { warnings: ['early_return'] }),
    ]);
    actor.send({ type: 'START', action: { type: 'RETURN', itemIds: [1] }, version: 2, hasPayment: false });
    await settled(actor);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent).toHaveLength(1);
  });

  it('a stale version (1021) fails with reason stale and reloads the order', async () => {
    const { actor, reloadOrder, orderChanged } = start([
      () => httpError(409, 1021, 'Someone else changed it'),
    ]);
    actor.send({ type: 'START', action: { type: 'CONFIRM' }, version: 1, hasPayment: false });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.failure).toEqual({
      reason: 'stale',
      message: 'Someone else changed it',
      itemIds: [],
    });
    expect(reloadOrder).toHaveBeenCalledTimes(1);
    expect(orderChanged).not.toHaveBeenCalled();
  });

  it('a refused transition (1203) names its items', async () => {
    const { actor } = start([
      () => httpError(422, 1203, 'State transition failed', [{ item_id: 4 }, { item_id: 6 }]),
    ]);
    actor.send({ type: 'START', action: { type: 'RETURN', itemIds: [4, 6] }, version: 1, hasPayment: false });
    const snapshot = await settled(actor);
    expect(snapshot.context.failure).toMatchObject({ reason: 'refused', itemIds: [4, 6] });
  });

  it('delivering unpaid denied (1204) and a locked account (1012) keep the server message', async () => {
    const denied = start([() => httpError(422, 1204, 'Take the payment first')]);
    denied.actor.send({
      type: 'START',
      action: { type: 'DELIVER', itemIds: [1] },
      version: 1,
      hasPayment: false,
    });
    expect((await settled(denied.actor)).context.failure).toMatchObject({
      reason: 'unpaid_denied',
      message: 'Take the payment first',
    });
    const locked = start([() => httpError(423, 1012, 'Locked for 5 minutes')]);
    locked.actor.send({ type: 'START', action: { type: 'CANCEL' }, version: 1, hasPayment: false });
    locked.actor.send({ type: 'SUBMIT_ACCESS_KEY', accessKey: '0000' });
    expect((await settled(locked.actor)).context.failure).toMatchObject({ reason: 'locked' });
  });

  it('cancelling asks for the access key first, again after a wrong one (1206), then sends it', async () => {
    const { actor, sent } = start([
      () => httpError(403, 1206, 'This action needs a valid access key.'),
      () => updated,
    ]);
    actor.send({ type: 'START', action: { type: 'CANCEL' }, version: 3, hasPayment: true });
    expect(actor.getSnapshot().value).toBe('askingAccessKey');
    expect(actor.getSnapshot().context.hasPayment).toBe(true);
    actor.send({ type: 'SUBMIT_ACCESS_KEY', accessKey: '   ' });
    expect(sent).toHaveLength(0);
    actor.send({ type: 'SUBMIT_ACCESS_KEY', accessKey: ' 9999 ' });
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe('askingAccessKey');
    expect(snapshot.context.keyError).toBe('This action needs a valid access key.');
    actor.send({ type: 'SUBMIT_ACCESS_KEY', accessKey: '1234' });
    snapshot = await settled(actor);
    expect(sent).toEqual([
      { type: 'CANCEL', version: 3, access_key: '9999' },
      { type: 'CANCEL', version: 3, access_key: '1234' },
    ]);
    expect(snapshot.context.completed).toBe('CANCEL');
  });

  it('ignores a second action while one is being sent', async () => {
    const { actor, sent } = start([() => updated]);
    actor.send({ type: 'START', action: { type: 'CONFIRM' }, version: 1, hasPayment: false });
    actor.send({ type: 'START', action: { type: 'CANCEL' }, version: 1, hasPayment: false });
    await settled(actor);
    expect(sent.map((b) => b.type)).toEqual(['CONFIRM']);
  });

  it('closing with money unsettled and the settings saying warn: shows the amounts and resends acknowledged', async () => {
    const { actor, sent } = start([
      () =>
        httpError(422, 1205, 'Please confirm', {
          warnings: ['deposit_held', 'balance_due'],
          reasons: [
            { reason: 'deposit_held', amount_minor: 20000 },
            { reason: 'balance_due', amount_minor: 1000 },
          ],
        }),
      () => updated,
    ]);
    actor.send({ type: 'START', action: { type: 'CLOSE' }, version: 4, hasPayment: true });
    let snapshot = await settled(actor);
    expect(snapshot.value).toBe('confirming');
    expect(snapshot.context.warnings).toEqual(['deposit_held', 'balance_due']);
    expect(snapshot.context.unsettled).toEqual([
      { reason: 'deposit_held', amount_minor: 20000 },
      { reason: 'balance_due', amount_minor: 1000 },
    ]);
    actor.send({ type: 'CONFIRM_WARNINGS' });
    snapshot = await settled(actor);
    expect(sent[1]).toEqual({ type: 'CLOSE', version: 4, acknowledge: ['deposit_held', 'balance_due'] });
    expect(snapshot.value).toBe('idle');
    expect(snapshot.context.completed).toBe('CLOSE');
  });

  it('closing refused with money unsettled (1254) fails with what is left to settle, and sends nothing more', async () => {
    const { actor, sent, reloadOrder } = start([
      () =>
        httpError(422, 1254, 'The order cannot close while money is unsettled.', {
          reasons: [{ reason: 'deposit_held', amount_minor: 20000 }, { reason: 'other' }],
        }),
    ]);
    actor.send({ type: 'START', action: { type: 'CLOSE' }, version: 4, hasPayment: true });
    const snapshot = await settled(actor);
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.failure).toEqual({
      reason: 'unsettled',
      message: 'The order cannot close while money is unsettled.',
      itemIds: [],
      unsettled: [{ reason: 'deposit_held', amount_minor: 20000 }],
    });
    expect(sent).toHaveLength(1);
    expect(reloadOrder).toHaveBeenCalledTimes(1);
  });
});
