/**
 * Every action the server writes into an order's audit log, which the order view shows as its timeline:
 * entries of the order itself, and entries of the order's invoices, which the timeline prefixes with
 * `invoice:`. The web app has a sentence for each (a record keyed by this list, so a missing one does not
 * compile); a server test scans the server's source so an action written there and missing here fails.
 */
import type { OrderEventType } from './order-machine.ts';

export const ORDER_EVENT_TYPES = [
  'CONFIRM',
  'DELIVER',
  'UNDO_DELIVER',
  'RETURN',
  'CANCEL_ITEMS',
  'CANCEL',
  'REFUNDED',
  'CLOSE',
] as const satisfies readonly OrderEventType[];

// Fails to compile when the order machine gains an event this list lacks.
const everyEvent: Exclude<OrderEventType, (typeof ORDER_EVENT_TYPES)[number]> extends never ? true : never =
  true;
void everyEvent;

export const DEPOSIT_MOVE_KINDS = ['held', 'returned', 'claimed'] as const;

export const ORDER_AUDIT_ACTIONS = [
  'created',
  'notes',
  ...ORDER_EVENT_TYPES.map((type) => `event:${type}` as const),
  'payment',
  'refund',
  ...DEPOSIT_MOVE_KINDS.map((kind) => `deposit:${kind}` as const),
  'change_cost',
  'deposit_override',
  'participant_added',
  'participant_removed',
  'signed',
  'photo_added',
  'photo_removed',
  'item_edited',
  'counter_set',
  'item_replaced',
  'period_changed',
  'items_invoiced',
  'adhoc_charge',
  'delivery_assigned',
  'delivery_updated',
  'auto_billing',
  'recurring_invoice',
  'coupon_applied',
  'coupon_removed',
  // tour reservations (#20)
  'tour_moved',
  'tour_cancelled',
  'cancellation_fee',
  'invoice:created',
  'invoice:posted',
  'invoice:credit_note',
] as const;

export type OrderAuditAction = (typeof ORDER_AUDIT_ACTIONS)[number];

export const isOrderAuditAction = (action: string): action is OrderAuditAction =>
  (ORDER_AUDIT_ACTIONS as readonly string[]).includes(action);
