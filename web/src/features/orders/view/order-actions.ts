import type { OrderEventType } from '@nine/shared/order-machine';
import type { AllowedEvent } from '../api/get-order.ts';

/** An action a button offers: the event to send and, for item actions, the items it applies to. */
export interface OrderAction {
  type: OrderEventType;
  itemIds?: number[];
}

/** Events that act on items; the server lists the items each may be applied to now. */
export const itemEventTypes = ['DELIVER', 'UNDO_DELIVER', 'RETURN', 'CANCEL_ITEMS'] as const;
export type ItemEventType = (typeof itemEventTypes)[number];

/** An action on item rows: always names its items. */
export interface ItemAction extends OrderAction {
  type: ItemEventType;
  itemIds: number[];
}

const knownTypes: readonly OrderEventType[] = [
  'CONFIRM',
  'DELIVER',
  'UNDO_DELIVER',
  'RETURN',
  'CANCEL_ITEMS',
  'CANCEL',
  'REFUNDED',
  'CLOSE',
];

const isItemEvent = (type: OrderEventType): type is ItemEventType =>
  (itemEventTypes as readonly string[]).includes(type);

/** Only the events the product knows, each once; unknown ones from a newer server are left out. */
function known(allowed: readonly AllowedEvent[]): AllowedEvent[] {
  const seen = new Set<string>();
  return allowed.filter((event) => {
    if (!knownTypes.includes(event.type) || seen.has(event.type)) return false;
    seen.add(event.type);
    return !isItemEvent(event.type) || (event.item_ids?.length ?? 0) > 0;
  });
}

/** The order's own buttons, in the order a clerk works through an order. */
const orderButtonOrder: readonly OrderEventType[] = [
  'CONFIRM',
  'DELIVER',
  'RETURN',
  'UNDO_DELIVER',
  'CLOSE',
  'REFUNDED',
  'CANCEL',
];

/**
 * The buttons for the whole order, only from what the server allows now. Item events become "all items
 * it allows" (deliver all, return all, undo all); cancelling single items stays on the item rows.
 */
export function orderActions(allowed: readonly AllowedEvent[]): OrderAction[] {
  const events = known(allowed);
  return orderButtonOrder.flatMap((type): OrderAction[] => {
    const event = events.find((e) => e.type === type);
    if (event === undefined) return [];
    return isItemEvent(type) ? [{ type, itemIds: [...(event.item_ids ?? [])] }] : [{ type }];
  });
}

/** The buttons of one item row: each item event that lists this item. */
export function itemActions(allowed: readonly AllowedEvent[], itemId: number): ItemAction[] {
  return known(allowed).flatMap((event): ItemAction[] =>
    isItemEvent(event.type) && event.item_ids?.includes(itemId)
      ? [{ type: event.type, itemIds: [itemId] }]
      : [],
  );
}
