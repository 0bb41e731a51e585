/**
 * The order lifecycle: one XState machine used by the server to accept or refuse a transition and by
 * the web app to offer only the actions allowed now. States are the order statuses; the context holds
 * each item's status, and item-level changes decide the order's partial statuses.
 *
 * Rent: pending → confirmed → partially-delivered / delivered → partially-returned / returned → closed;
 * cancel from pending or confirmed, through pre-cancel while a payment must be refunded.
 * Sale: open → closed (manually or on full payment), or cancelled (pre-cancel first when paid).
 * Overdue is not a state: it is derived (planned finish passed, not all returned).
 */
import { assign, setup, transition } from 'xstate';

export const rentStatuses = [
  'pending',
  'confirmed',
  'partially-delivered',
  'delivered',
  'partially-returned',
  'returned',
  'closed',
  'pre-cancel',
  'cancelled',
] as const;
export const saleStatuses = ['open', 'closed', 'pre-cancel', 'cancelled'] as const;
export type OrderStatus = (typeof rentStatuses)[number] | (typeof saleStatuses)[number];
export const itemStatuses = ['pending', 'confirmed', 'delivered', 'returned', 'cancelled', 'sold'] as const;
export type ItemStatus = (typeof itemStatuses)[number];

export interface OrderItemState {
  id: number;
  status: ItemStatus;
}

export interface OrderRules {
  /** activity setting allow_undo_deliver */
  allowUndoDeliver: boolean;
}

export interface OrderContext {
  items: OrderItemState[];
  /** Money received and not refunded: cancelling then needs a refund first (pre-cancel). */
  hasPayment: boolean;
  rules: OrderRules;
}

type WithItems = { itemIds: number[] };
export type OrderEvent =
  | { type: 'CONFIRM' }
  | ({ type: 'DELIVER' } & WithItems)
  | ({ type: 'UNDO_DELIVER' } & WithItems)
  | ({ type: 'RETURN' } & WithItems)
  | ({ type: 'CANCEL_ITEMS' } & WithItems)
  | { type: 'CANCEL' }
  | { type: 'REFUNDED' }
  | { type: 'CLOSE' };
export type OrderEventType = OrderEvent['type'];

const live = (items: OrderItemState[]) => items.filter((i) => i.status !== 'cancelled');

/** Every named item belongs to the order and is in one of `from`. */
function named(ctx: OrderContext, ids: number[], from: ItemStatus[]): boolean {
  if (ids.length === 0) return false;
  return ids.every((id) => ctx.items.some((i) => i.id === id && from.includes(i.status)));
}

function withStatus(ctx: OrderContext, ids: number[], to: ItemStatus): OrderItemState[] {
  const set = new Set(ids);
  return ctx.items.map((i) => (set.has(i.id) ? { ...i, status: to } : i));
}

/** After the change, would every live item be in `status`? */
function allAfter(ctx: OrderContext, ids: number[], to: ItemStatus, status: ItemStatus): boolean {
  const after = live(withStatus(ctx, ids, to));
  return after.length > 0 && after.every((i) => i.status === status);
}

const itemEvent = (e: OrderEvent): number[] => ('itemIds' in e ? e.itemIds : []);

export const orderMachine = setup({
  types: {} as { context: OrderContext; events: OrderEvent; input: OrderContext },
  guards: {
    canDeliverAll: ({ context, event }) =>
      named(context, itemEvent(event), ['pending', 'confirmed']) &&
      allAfter(context, itemEvent(event), 'delivered', 'delivered'),
    canDeliverSome: ({ context, event }) => named(context, itemEvent(event), ['pending', 'confirmed']),
    canUndoDeliver: ({ context, event }) =>
      context.rules.allowUndoDeliver &&
      named(context, itemEvent(event), ['delivered']) &&
      !context.items.some((i) => i.status === 'returned'),
    canUndoDeliverAll: ({ context, event }) =>
      context.rules.allowUndoDeliver &&
      named(context, itemEvent(event), ['delivered']) &&
      !context.items.some((i) => i.status === 'returned') &&
      allAfter(context, itemEvent(event), 'confirmed', 'confirmed'),
    canReturnAll: ({ context, event }) =>
      named(context, itemEvent(event), ['delivered']) &&
      allAfter(context, itemEvent(event), 'returned', 'returned'),
    canReturnSome: ({ context, event }) => named(context, itemEvent(event), ['delivered']),
    canCancelItems: ({ context, event }) =>
      named(context, itemEvent(event), ['pending', 'confirmed']) &&
      live(withStatus(context, itemEvent(event), 'cancelled')).length > 0,
    cancelLeavesAllDelivered: ({ context, event }) =>
      named(context, itemEvent(event), ['pending', 'confirmed']) &&
      allAfter(context, itemEvent(event), 'cancelled', 'delivered'),
    cancelLeavesAllReturned: ({ context, event }) =>
      named(context, itemEvent(event), ['pending', 'confirmed']) &&
      allAfter(context, itemEvent(event), 'cancelled', 'returned'),
    hasPayment: ({ context }) => context.hasPayment,
  },
  actions: {
    confirmItems: assign({
      items: ({ context }) =>
        context.items.map((i) => (i.status === 'pending' ? { ...i, status: 'confirmed' as const } : i)),
    }),
    deliverItems: assign({
      items: ({ context, event }) => withStatus(context, itemEvent(event), 'delivered'),
    }),
    undoDeliverItems: assign({
      items: ({ context, event }) => withStatus(context, itemEvent(event), 'confirmed'),
    }),
    returnItems: assign({ items: ({ context, event }) => withStatus(context, itemEvent(event), 'returned') }),
    cancelNamedItems: assign({
      items: ({ context, event }) => withStatus(context, itemEvent(event), 'cancelled'),
    }),
    cancelAllItems: assign({
      items: ({ context }) =>
        context.items.map((i) =>
          ['pending', 'confirmed'].includes(i.status) ? { ...i, status: 'cancelled' as const } : i,
        ),
    }),
    sellItems: assign({
      items: ({ context }) =>
        context.items.map((i) => (i.status === 'pending' ? { ...i, status: 'sold' as const } : i)),
    }),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ items: input.items, hasPayment: input.hasPayment, rules: input.rules }),
  // Orders are loaded in whatever status they have (resolveState); this is where new ones begin.
  initial: 'pending',
  states: {
    pending: {
      on: {
        CONFIRM: { target: 'confirmed', actions: 'confirmItems' },
        DELIVER: [
          { guard: 'canDeliverAll', target: 'delivered', actions: 'deliverItems' },
          { guard: 'canDeliverSome', target: 'partially-delivered', actions: 'deliverItems' },
        ],
        CANCEL_ITEMS: { guard: 'canCancelItems', actions: 'cancelNamedItems' },
        CANCEL: [
          { guard: 'hasPayment', target: 'pre-cancel', actions: 'cancelAllItems' },
          { target: 'cancelled', actions: 'cancelAllItems' },
        ],
      },
    },
    // Confirmed takes the same events as pending but CONFIRM.
    confirmed: {
      on: {
        DELIVER: [
          { guard: 'canDeliverAll', target: 'delivered', actions: 'deliverItems' },
          { guard: 'canDeliverSome', target: 'partially-delivered', actions: 'deliverItems' },
        ],
        CANCEL_ITEMS: { guard: 'canCancelItems', actions: 'cancelNamedItems' },
        CANCEL: [
          { guard: 'hasPayment', target: 'pre-cancel', actions: 'cancelAllItems' },
          { target: 'cancelled', actions: 'cancelAllItems' },
        ],
      },
    },
    'partially-delivered': {
      on: {
        DELIVER: [
          { guard: 'canDeliverAll', target: 'delivered', actions: 'deliverItems' },
          { guard: 'canDeliverSome', target: 'partially-delivered', actions: 'deliverItems' },
        ],
        UNDO_DELIVER: [
          { guard: 'canUndoDeliverAll', target: 'confirmed', actions: 'undoDeliverItems' },
          { guard: 'canUndoDeliver', target: 'partially-delivered', actions: 'undoDeliverItems' },
        ],
        RETURN: [{ guard: 'canReturnSome', target: 'partially-returned', actions: 'returnItems' }],
        CANCEL_ITEMS: [
          { guard: 'cancelLeavesAllDelivered', target: 'delivered', actions: 'cancelNamedItems' },
          { guard: 'canCancelItems', actions: 'cancelNamedItems' },
        ],
      },
    },
    delivered: {
      on: {
        RETURN: [
          { guard: 'canReturnAll', target: 'returned', actions: 'returnItems' },
          { guard: 'canReturnSome', target: 'partially-returned', actions: 'returnItems' },
        ],
        UNDO_DELIVER: [
          { guard: 'canUndoDeliverAll', target: 'confirmed', actions: 'undoDeliverItems' },
          { guard: 'canUndoDeliver', target: 'partially-delivered', actions: 'undoDeliverItems' },
        ],
      },
    },
    'partially-returned': {
      on: {
        RETURN: [
          { guard: 'canReturnAll', target: 'returned', actions: 'returnItems' },
          { guard: 'canReturnSome', target: 'partially-returned', actions: 'returnItems' },
        ],
        DELIVER: [{ guard: 'canDeliverSome', target: 'partially-returned', actions: 'deliverItems' }],
        CANCEL_ITEMS: [
          { guard: 'cancelLeavesAllReturned', target: 'returned', actions: 'cancelNamedItems' },
          { guard: 'canCancelItems', actions: 'cancelNamedItems' },
        ],
      },
    },
    returned: { on: { CLOSE: 'closed' } },
    open: {
      on: {
        CLOSE: { target: 'closed', actions: 'sellItems' },
        CANCEL: [
          { guard: 'hasPayment', target: 'pre-cancel', actions: 'cancelAllItems' },
          { target: 'cancelled', actions: 'cancelAllItems' },
        ],
      },
    },
    'pre-cancel': { on: { REFUNDED: 'cancelled' } },
    closed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export interface OrderState extends OrderContext {
  status: OrderStatus;
}

export type OrderEventResult =
  { ok: true; status: OrderStatus; items: OrderItemState[] } | { ok: false; itemIds: number[] };

function snapshotOf(order: OrderState) {
  return orderMachine.resolveState({
    value: order.status,
    context: { items: order.items, hasPayment: order.hasPayment, rules: order.rules },
  });
}

/** Applies an event; a refused one answers the item ids it concerned (code 1203 on the server). */
export function applyOrderEvent(order: OrderState, event: OrderEvent): OrderEventResult {
  const snapshot = snapshotOf(order);
  if (!snapshot.can(event)) {
    return { ok: false, itemIds: 'itemIds' in event ? event.itemIds : order.items.map((i) => i.id) };
  }
  const [next] = transition(orderMachine, snapshot, event);
  return { ok: true, status: next.value as OrderStatus, items: next.context.items };
}

/** The actions a person may take now; item actions list the items each may be applied to on its own. */
export function allowedEvents(order: OrderState): OrderEvent[] {
  const snapshot = snapshotOf(order);
  const allowed: OrderEvent[] = [];
  for (const type of [
    'CONFIRM',
    'DELIVER',
    'UNDO_DELIVER',
    'RETURN',
    'CANCEL_ITEMS',
    'CANCEL',
    'REFUNDED',
    'CLOSE',
  ] as const) {
    if (type === 'DELIVER' || type === 'UNDO_DELIVER' || type === 'RETURN' || type === 'CANCEL_ITEMS') {
      const itemIds = order.items.map((i) => i.id).filter((id) => snapshot.can({ type, itemIds: [id] }));
      if (itemIds.length) allowed.push({ type, itemIds });
    } else if (snapshot.can({ type })) {
      allowed.push({ type });
    }
  }
  return allowed;
}

/** Overdue is derived, never stored: planned finish passed while items are still out. */
export function isOverdue(status: OrderStatus, plannedFinish: Date | null, now: Date): boolean {
  return (
    plannedFinish !== null &&
    plannedFinish < now &&
    ['delivered', 'partially-delivered', 'partially-returned'].includes(status)
  );
}
