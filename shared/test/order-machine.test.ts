import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  applyOrderEvent,
  isOverdue,
  rentStatuses,
  saleStatuses,
  type ItemStatus,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
} from '../src/order-machine.ts';

const rules = { allowUndoDeliver: true };
const order = (status: OrderStatus, items: ItemStatus[], extra: Partial<OrderState> = {}): OrderState => ({
  status,
  items: items.map((s, i) => ({ id: i + 1, status: s })),
  hasPayment: false,
  rules,
  ...extra,
});
const go = (o: OrderState, e: OrderEvent) => applyOrderEvent(o, e);
const statusAfter = (o: OrderState, e: OrderEvent) => {
  const r = go(o, e);
  return r.ok ? r.status : 'refused';
};

/** A typical order in each status, and what every event does to it. */
const typical: Record<OrderStatus, OrderState> = {
  pending: order('pending', ['pending', 'pending']),
  confirmed: order('confirmed', ['confirmed', 'confirmed']),
  'partially-delivered': order('partially-delivered', ['delivered', 'confirmed']),
  delivered: order('delivered', ['delivered', 'delivered']),
  'partially-returned': order('partially-returned', ['returned', 'delivered']),
  returned: order('returned', ['returned', 'returned']),
  closed: order('closed', ['returned', 'returned']),
  'pre-cancel': order('pre-cancel', ['cancelled', 'cancelled'], { hasPayment: true }),
  cancelled: order('cancelled', ['cancelled', 'cancelled']),
  open: order('open', ['pending', 'pending']),
};
const both = { itemIds: [1, 2] };
const events: OrderEvent[] = [
  { type: 'CONFIRM' },
  { type: 'DELIVER', ...both },
  { type: 'UNDO_DELIVER', ...both },
  { type: 'RETURN', ...both },
  { type: 'CANCEL_ITEMS', itemIds: [1] },
  { type: 'CANCEL' },
  { type: 'REFUNDED' },
  { type: 'CLOSE' },
];

// Rows: status; columns: the events above, in order. 'same' = allowed, status unchanged.
const expected: Record<OrderStatus, (OrderStatus | 'refused' | 'same')[]> = {
  //                      CONFIRM      DELIVER                 UNDO_DELIVER            RETURN        CANCEL_ITEMS  CANCEL       REFUNDED     CLOSE
  pending: ['confirmed', 'delivered', 'refused', 'refused', 'same', 'cancelled', 'refused', 'refused'],
  confirmed: ['refused', 'delivered', 'refused', 'refused', 'same', 'cancelled', 'refused', 'refused'],
  'partially-delivered': [
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
  ],
  delivered: ['refused', 'refused', 'confirmed', 'returned', 'refused', 'refused', 'refused', 'refused'],
  'partially-returned': [
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
    'refused',
  ],
  returned: ['refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'closed'],
  closed: ['refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'refused'],
  'pre-cancel': ['refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'cancelled', 'refused'],
  cancelled: ['refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'refused', 'refused'],
  open: ['refused', 'refused', 'refused', 'refused', 'refused', 'cancelled', 'refused', 'closed'],
};

describe('every status × every event (both items named)', () => {
  for (const status of [...new Set([...rentStatuses, ...saleStatuses])]) {
    it(`${status}`, () => {
      const got = events.map((e) => {
        const r = statusAfter(typical[status], e);
        return r === status ? 'same' : r;
      });
      expect(got).toEqual(expected[status]);
    });
  }
});

describe('item-level statuses drive the partial statuses', () => {
  it('delivering some items is partially-delivered; the rest completes it', () => {
    const one = go(typical.confirmed, { type: 'DELIVER', itemIds: [1] });
    expect(one).toMatchObject({ ok: true, status: 'partially-delivered' });
    if (!one.ok) throw new Error();
    const rest = go(
      { ...typical.confirmed, status: one.status, items: one.items },
      { type: 'DELIVER', itemIds: [2] },
    );
    expect(rest).toMatchObject({ ok: true, status: 'delivered' });
  });

  it('returning some is partially-returned; returning the rest is returned', () => {
    const one = go(typical.delivered, { type: 'RETURN', itemIds: [2] });
    expect(one).toMatchObject({
      ok: true,
      status: 'partially-returned',
      items: [
        { id: 1, status: 'delivered' },
        { id: 2, status: 'returned' },
      ],
    });
    expect(statusAfter(typical['partially-returned'], { type: 'RETURN', itemIds: [2] })).toBe('returned');
  });

  it('in partially-delivered: return what is out, deliver the rest, or cancel the undelivered one', () => {
    const pd = typical['partially-delivered'];
    expect(statusAfter(pd, { type: 'DELIVER', itemIds: [2] })).toBe('delivered');
    expect(statusAfter(pd, { type: 'RETURN', itemIds: [1] })).toBe('partially-returned');
    expect(statusAfter(pd, { type: 'CANCEL_ITEMS', itemIds: [2] })).toBe('delivered');
    expect(statusAfter(pd, { type: 'UNDO_DELIVER', itemIds: [1] })).toBe('confirmed');
  });

  it('a partially-returned order whose last open item is cancelled is returned', () => {
    const pr = order('partially-returned', ['returned', 'delivered', 'confirmed']);
    expect(statusAfter(pr, { type: 'RETURN', itemIds: [2] })).toBe('partially-returned');
    const afterReturn = go(pr, { type: 'RETURN', itemIds: [2] });
    if (!afterReturn.ok) throw new Error();
    expect(statusAfter({ ...pr, items: afterReturn.items }, { type: 'CANCEL_ITEMS', itemIds: [3] })).toBe(
      'returned',
    );
  });
});

describe('refusals name the items (code 1203)', () => {
  it('refuses delivering an item twice, an unknown item, or returning what never left', () => {
    expect(go(typical.delivered, { type: 'DELIVER', itemIds: [1] })).toEqual({ ok: false, itemIds: [1] });
    expect(go(typical.confirmed, { type: 'DELIVER', itemIds: [99] })).toEqual({ ok: false, itemIds: [99] });
    expect(go(typical.confirmed, { type: 'RETURN', itemIds: [1] })).toEqual({ ok: false, itemIds: [1] });
    expect(go(typical.confirmed, { type: 'DELIVER', itemIds: [] })).toEqual({ ok: false, itemIds: [] });
  });
  it('refuses cancelling every item one by one: that is cancelling the order', () => {
    expect(go(typical.confirmed, { type: 'CANCEL_ITEMS', itemIds: [1, 2] }).ok).toBe(false);
  });
  it('names all items when an order-level event is refused', () => {
    expect(go(typical.closed, { type: 'CANCEL' })).toEqual({ ok: false, itemIds: [1, 2] });
  });
});

describe('rules and payments', () => {
  it('cancelling a paid order goes through pre-cancel until refunded', () => {
    const paid = { ...typical.confirmed, hasPayment: true };
    expect(statusAfter(paid, { type: 'CANCEL' })).toBe('pre-cancel');
    expect(statusAfter({ ...typical.open, hasPayment: true }, { type: 'CANCEL' })).toBe('pre-cancel');
  });
  it('undo deliver only when allowed and before anything came back', () => {
    expect(
      go({ ...typical.delivered, rules: { allowUndoDeliver: false } }, { type: 'UNDO_DELIVER', itemIds: [1] })
        .ok,
    ).toBe(false);
    expect(
      go(order('partially-returned', ['returned', 'delivered']), { type: 'UNDO_DELIVER', itemIds: [2] }).ok,
    ).toBe(false);
  });
  it('closing a sale marks its items sold', () => {
    expect(go(typical.open, { type: 'CLOSE' })).toMatchObject({
      ok: true,
      status: 'closed',
      items: [{ status: 'sold' }, { status: 'sold' }],
    });
  });
});

describe('allowedEvents', () => {
  it('offers only what is legal now, with the items it applies to', () => {
    expect(allowedEvents(typical.pending).map((e) => e.type)).toEqual([
      'CONFIRM',
      'DELIVER',
      'CANCEL_ITEMS',
      'CANCEL',
    ]);
    expect(allowedEvents(typical['partially-delivered'])).toEqual(
      expect.arrayContaining([
        { type: 'DELIVER', itemIds: [2] },
        { type: 'RETURN', itemIds: [1] },
        { type: 'UNDO_DELIVER', itemIds: [1] },
      ]),
    );
    expect(allowedEvents(typical.returned).map((e) => e.type)).toEqual(['CLOSE']);
    expect(allowedEvents(typical.closed)).toEqual([]);
  });
});

describe('isOverdue', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is derived from the planned finish and what is still out', () => {
    expect(isOverdue('delivered', new Date('2026-11-21T11:00:00Z'), now)).toBe(true);
    expect(isOverdue('partially-returned', new Date('2026-11-20T11:00:00Z'), now)).toBe(true);
    expect(isOverdue('returned', new Date('2026-11-20T11:00:00Z'), now)).toBe(false);
    expect(isOverdue('delivered', new Date('2026-11-21T13:00:00Z'), now)).toBe(false);
  });
});
