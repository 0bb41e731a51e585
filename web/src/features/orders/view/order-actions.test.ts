import { describe, expect, it } from 'vitest';
import { allowedEvents, type OrderState } from '@nine/shared/order-machine';
import type { AllowedEvent } from '../api/get-order.ts';
import { itemActions, orderActions } from './order-actions.ts';

/** allowed_events exactly as the server builds them from the shared machine. */
function allowedFor(order: OrderState): AllowedEvent[] {
  return allowedEvents(order).map((e) =>
    'itemIds' in e ? { type: e.type, item_ids: e.itemIds } : { type: e.type },
  );
}

const rules = { allowUndoDeliver: true };

describe('order view actions come only from allowed_events', () => {
  it('a confirmed rent order offers deliver (all and per item) and cancel', () => {
    const allowed = allowedFor({
      status: 'confirmed',
      items: [
        { id: 1, status: 'confirmed' },
        { id: 2, status: 'confirmed' },
      ],
      hasPayment: false,
      rules,
    });
    expect(orderActions(allowed)).toEqual([{ type: 'DELIVER', itemIds: [1, 2] }, { type: 'CANCEL' }]);
    expect(itemActions(allowed, 1)).toEqual([
      { type: 'DELIVER', itemIds: [1] },
      { type: 'CANCEL_ITEMS', itemIds: [1] },
    ]);
  });

  it('a partially delivered order returns and undoes what is out, delivers what is not', () => {
    const allowed = allowedFor({
      status: 'partially-delivered',
      items: [
        { id: 1, status: 'delivered' },
        { id: 2, status: 'confirmed' },
      ],
      hasPayment: true,
      rules,
    });
    expect(orderActions(allowed).map((a) => a.type)).toEqual(['DELIVER', 'RETURN', 'UNDO_DELIVER']);
    expect(itemActions(allowed, 1).map((a) => a.type)).toEqual(['UNDO_DELIVER', 'RETURN']);
    expect(itemActions(allowed, 2).map((a) => a.type)).toEqual(['DELIVER', 'CANCEL_ITEMS']);
  });

  it('undo delivery disappears when the setting forbids it', () => {
    const allowed = allowedFor({
      status: 'delivered',
      items: [{ id: 1, status: 'delivered' }],
      hasPayment: false,
      rules: { allowUndoDeliver: false },
    });
    expect(orderActions(allowed)).toEqual([{ type: 'RETURN', itemIds: [1] }]);
  });

  it('returned orders close, pre-cancel ones wait for the refund, final ones offer nothing', () => {
    const returned = allowedFor({
      status: 'returned',
      items: [{ id: 1, status: 'returned' }],
      hasPayment: false,
      rules,
    });
    expect(orderActions(returned)).toEqual([{ type: 'CLOSE' }]);
    const preCancel = allowedFor({
      status: 'pre-cancel',
      items: [{ id: 1, status: 'cancelled' }],
      hasPayment: true,
      rules,
    });
    expect(orderActions(preCancel)).toEqual([{ type: 'REFUNDED' }]);
    expect(orderActions(allowedFor({ status: 'closed', items: [], hasPayment: false, rules }))).toEqual([]);
  });

  it('an open sale closes or cancels, with no item actions', () => {
    const allowed = allowedFor({
      status: 'open',
      items: [{ id: 9, status: 'pending' }],
      hasPayment: false,
      rules,
    });
    expect(orderActions(allowed)).toEqual([{ type: 'CLOSE' }, { type: 'CANCEL' }]);
    expect(itemActions(allowed, 9)).toEqual([]);
  });

  it('ignores unknown or empty events and duplicates from the server', () => {
    const allowed = [
      { type: 'TELEPORT' },
      { type: 'DELIVER', item_ids: [] },
      { type: 'CONFIRM' },
      { type: 'CONFIRM' },
    ] as unknown as AllowedEvent[];
    expect(orderActions(allowed)).toEqual([{ type: 'CONFIRM' }]);
    expect(itemActions(allowed, 1)).toEqual([]);
  });
});
