import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import { applyOrderEvent } from '@nine/shared/order-machine';
import type {
  TourCancellationPreview,
  TourReservationCancelled,
} from '@nine/shared/schemas/tours/reservation-changes';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { settleOrderInvoices, taxSettings } from '../money/invoice-billing.ts';
import { creditRefund } from '../money/invoice-credit-note.ts';
import type { MoneyService } from '../money/money-service.ts';
import { totalWithTax } from '../orders/order-service.ts';
import type { OrderService } from '../orders/order-service.ts';
import { offerFreedSeats } from './waitlist-service.ts';

const HOUR_MS = 3_600_000;

/** A reservation's order and departure, read under their locks (event first, then the order: the booking's order). */
export interface LockedReservation {
  order: Pick<
    Tables['orders'],
    | 'id'
    | 'status'
    | 'version'
    | 'customer_id'
    | 'rental_type_id'
    | 'total_minor'
    | 'paid_minor'
    | 'planned_start'
    | 'planned_finish'
  >;
  event: Pick<
    Tables['tour_events'],
    | 'id'
    | 'definition_id'
    | 'starts_at'
    | 'ends_at'
    | 'status'
    | 'capacity'
    | 'seats_taken'
    | 'private_order_id'
  >;
}

/** The reservation's departure id, or 404 (another location's order, or not a reservation). */
export async function reservationEventId(q: Queryable, orderId: number, locationId: number): Promise<number> {
  const found = await maybeOne<{ event_id: number }>(
    q,
    `SELECT r.event_id FROM tour_reservations r JOIN orders o ON o.id = r.order_id
     WHERE r.order_id = $1 AND o.location_id = $2`,
    [orderId, locationId],
  );
  if (!found) throw new AppError('notFound');
  return found.event_id;
}

export async function lockEvents(client: pg.PoolClient, ids: number[]): Promise<void> {
  // Id order, as the seat trigger locks them: two moves crossing each other wait instead of deadlocking.
  await exec(client, 'SELECT 1 FROM tour_events WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE', [ids]);
}

export async function readEvent(q: Queryable, id: number): Promise<LockedReservation['event']> {
  return one(
    q,
    `SELECT id, definition_id, starts_at, ends_at, status, capacity, seats_taken, private_order_id FROM tour_events WHERE id = $1`,
    [id],
  );
}

const ORDER_COLUMNS = `id, status, version, customer_id, rental_type_id, total_minor, paid_minor, planned_start, planned_finish`;

export async function lockOrderRow(
  client: pg.PoolClient,
  orderId: number,
): Promise<LockedReservation['order']> {
  return one(client, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
}

/** The reservation as it is now, without locks (the cancellation preview: a read). */
export async function readReservation(
  q: Queryable,
  orderId: number,
  locationId: number,
): Promise<LockedReservation> {
  const eventId = await reservationEventId(q, orderId, locationId);
  const order = await one<LockedReservation['order']>(
    q,
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`,
    [orderId],
  );
  return { order, event: await readEvent(q, eventId) };
}

/** Locks the reservation's departure, then its order (the booking's lock order), and reads both. */
export async function lockReservation(
  client: pg.PoolClient,
  orderId: number,
  locationId: number,
): Promise<LockedReservation> {
  let eventId = await reservationEventId(client, orderId, locationId);
  for (;;) {
    await lockEvents(client, [eventId]);
    // A move may have changed the departure while this waited: lock the one it is on now.
    const now = await reservationEventId(client, orderId, locationId);
    if (now === eventId) break;
    eventId = now;
  }
  const order = await lockOrderRow(client, orderId);
  return { order, event: await readEvent(client, eventId) };
}

/** Half up, in integer minor units: 12.345 → 12.35 (amounts are non-negative). */
export function feeOf(seatTotalMinor: number, feeBp: number): number {
  return Math.floor((seatTotalMinor * feeBp + 5000) / 10000);
}

/**
 * The fee level of cancelling a reservation on `event` at `now`. Hours left = start − now; the tier is the
 * definition's with the largest hours_before at or below the hours left (none: no fee); once started, the
 * no-show fee.
 */
export async function tierFeeAt(
  q: Queryable,
  event: Pick<LockedReservation['event'], 'definition_id' | 'starts_at'>,
  now: Date,
): Promise<{
  left: number;
  noShow: boolean;
  tier: { hours_before: number; fee_bp: number } | null;
  feeBp: number;
}> {
  const left = (event.starts_at.getTime() - now.getTime()) / HOUR_MS;
  const noShow = left <= 0;
  const tier = noShow
    ? null
    : await maybeOne<{ hours_before: number; fee_bp: number }>(
        q,
        `SELECT hours_before, fee_bp FROM tour_definition_cancellation_tiers
         WHERE definition_id = $1 AND hours_before <= $2::float8 ORDER BY hours_before DESC LIMIT 1`,
        [event.definition_id, left],
      );
  const { no_show_fee_bp } = await one<{ no_show_fee_bp: number }>(
    q,
    'SELECT no_show_fee_bp FROM tour_definitions WHERE id = $1',
    [event.definition_id],
  );
  return { left, noShow, tier: tier ?? null, feeBp: noShow ? no_show_fee_bp : (tier?.fee_bp ?? 0) };
}

/**
 * What cancelling now costs: the tier of the current departure (tierFeeAt), but never less than the level the
 * reservation carried away from a departure it was moved from (tour_reservations.min_fee_bp, `fee_from`
 * 'moved'), so moving does not get around the fee. The fee is that share of the seats' total (with tax, as the
 * order charges it), rounded half up, and it is only kept of money held: an unpaid reservation is cancelled
 * without a fee, a partly paid one keeps at most what was paid.
 */
export async function cancellationPreview(
  q: pg.PoolClient,
  r: LockedReservation,
  now: Date,
  locationId: number,
): Promise<TourCancellationPreview> {
  const { left, noShow, tier, feeBp: tierBp } = await tierFeeAt(q, r.event, now);
  const { min_fee_bp } = await one<{ min_fee_bp: number }>(
    q,
    'SELECT min_fee_bp FROM tour_reservations WHERE order_id = $1',
    [r.order.id],
  );
  const feeBp = Math.max(tierBp, min_fee_bp);
  const { net } = await one<{ net: number }>(
    q,
    `SELECT coalesce(sum(unit_price_minor * quantity - discount_minor), 0)::bigint AS net FROM order_items
     WHERE order_id = $1 AND tour_event_id IS NOT NULL AND status <> 'cancelled'`,
    [r.order.id],
  );
  const seatTotal = totalWithTax(net, await taxSettings(q, locationId));
  const paid = Math.max(0, r.order.paid_minor);
  const fee = Math.min(feeOf(seatTotal, feeBp), paid);
  return {
    order_id: r.order.id,
    version: r.order.version,
    hours_before: Math.floor(left),
    tier: tier ? { hours_before: tier.hours_before, fee_bp: tier.fee_bp } : null,
    fee_bp: feeBp,
    fee_from: feeBp === 0 ? 'none' : min_fee_bp > tierBp ? 'moved' : noShow ? 'no_show' : 'tier',
    min_fee_bp,
    seat_total_minor: seatTotal,
    fee_minor: fee,
    paid_minor: paid,
    refund_minor: paid - fee,
    no_show: noShow,
  };
}

export interface RefundOptions {
  reason: string;
  access_key?: string | undefined;
  cash_register_id?: number | undefined;
}

/**
 * Refunds `amount` to the order's payments through the money service (its approval levels, registers and the
 * pre-cancel → cancelled rule apply): payments no provider took first, latest first, then online ones. A refund
 * refused at the counter (no open drawer, an approval missing, a setting) is then refused before any money went
 * back through a provider. Residual risk: with two online payments the second's refusal (its provider, or the
 * approval level the first crossed) rolls the transaction back after the first provider refund was made; the
 * provider's idempotency key (provider-refund.ts) makes the retry answer that refund instead of paying twice.
 */
export async function refundToPayments(
  client: pg.PoolClient,
  actor: Actor,
  money: MoneyService,
  orderId: number,
  amount: number,
  options: RefundOptions,
): Promise<{ id: number; amount: number }[]> {
  const payments = await rows<{ id: number; left: number }>(
    client,
    `SELECT p.id, (p.amount_minor - coalesce((SELECT sum(amount_minor) FROM refunds r WHERE r.payment_id = p.id), 0))::bigint AS left
     FROM payments p WHERE p.order_id = $1
     ORDER BY EXISTS (SELECT 1 FROM online_payment_intents i WHERE i.payment_id = p.id), p.id DESC`,
    [orderId],
  );
  const made: { id: number; amount: number }[] = [];
  let rest = amount;
  for (const p of payments) {
    if (rest <= 0) break;
    const part = Math.min(rest, p.left);
    if (part <= 0) continue;
    const id = await money.refund(client, actor, p.id, {
      amount_minor: part,
      reason: options.reason,
      ...(options.access_key ? { access_key: options.access_key } : {}),
      ...(options.cash_register_id ? { cash_register_id: options.cash_register_id } : {}),
    });
    made.push({ id, amount: part });
    rest -= part;
  }
  return made;
}

export interface CancelResult {
  status: TourReservationCancelled['status'];
  version: number;
  fee_bp: number;
  fee_minor: number;
  fee_invoice_id: number | null;
  credit_note_ids: number[];
  refund_ids: number[];
  refunded_minor: number;
}

/**
 * Cancels a locked reservation in the caller's transaction (design D6): its lines not billed yet are billed and
 * every invoice in progress posted (the books show what was sold and its reversal), CANCEL through the shared
 * order machine (the seat and availability triggers count only live lines, so seats and equipment are freed),
 * what was paid less the fee refunded to the payments, and the invoices credited down to the fee with partial
 * credit notes (creditRefund, the payment's own invoice first): one per refund, carrying it, and one for what
 * was never paid. The fee so stays on the original invoice with its tax split, settled by the payment kept.
 * The order waits in pre-cancel while money is held beyond the fee, as any paid order does.
 */
export async function cancelLockedReservation(
  client: pg.PoolClient,
  actor: Actor,
  deps: { money: MoneyService; orders: OrderService },
  r: LockedReservation,
  fee: { bp: number; minor: number },
  options: RefundOptions,
  now: Date,
): Promise<CancelResult> {
  const items = await rows<{ id: number; status: Tables['order_items']['status'] }>(
    client,
    'SELECT id, status FROM order_items WHERE order_id = $1 ORDER BY id FOR UPDATE',
    [r.order.id],
  );
  const result = applyOrderEvent(
    {
      status: r.order.status,
      items,
      hasPayment: r.order.paid_minor > 0,
      rules: { allowUndoDeliver: true },
    },
    { type: 'CANCEL' },
  );
  if (!result.ok) throw new AppError('reservationNotCancellable', { data: { status: r.order.status } });
  // Billed before the lines are cancelled (billing skips cancelled lines), only when money or an invoice is
  // involved: an unpaid reservation never invoiced is cancelled without any.
  const invoiced = await exec(
    client,
    `SELECT 1 FROM invoices WHERE order_id = $1 AND type IN ('rent', 'sale', 'adhoc')`,
    [r.order.id],
  );
  if (invoiced > 0 || r.order.paid_minor > 0)
    await settleOrderInvoices(client, actor, { ...r.order, type: 'tour' });
  await exec(
    client,
    `UPDATE order_items SET status = 'cancelled' WHERE id = ANY($1::bigint[]) AND status <> 'cancelled'`,
    [result.items.filter((i) => i.status === 'cancelled').map((i) => i.id)],
  );
  // A deposit still held stays flagged in custody: cancelling gives no deposit back by itself.
  await exec(
    client,
    `UPDATE orders SET status = $2::order_status, cancellation_fee_minor = $3, version = version + 1, updated_at = now(),
       cancelled_at = coalesce(cancelled_at, $4) WHERE id = $1`,
    [r.order.id, result.status, fee.minor, now],
  );
  await audit(client, actor, {
    entity: 'order',
    entityId: r.order.id,
    action: 'event:CANCEL',
    data: { from: r.order.status, to: result.status, item_ids: items.map((i) => i.id), approver: null },
  });

  // What the invoices still charge (less what refunds on them credited already), and the share to take off.
  const { left } = await one<{ left: number }>(
    client,
    `SELECT coalesce(sum(i.total_minor + coalesce((SELECT sum(n.total_minor) FROM invoices n WHERE n.credits_invoice_id = i.id), 0)), 0)::bigint AS left
     FROM invoices i WHERE i.order_id = $1 AND i.status = 'posted' AND i.type IN ('rent', 'sale', 'adhoc')`,
    [r.order.id],
  );
  let toCredit = Math.max(0, left - fee.minor);
  const reason = `Reservation cancelled: ${options.reason}`;
  const refunds = await refundToPayments(
    client,
    actor,
    deps.money,
    r.order.id,
    r.order.paid_minor - fee.minor,
    options,
  );
  const creditNotes: number[] = [];
  const paymentInvoice = async (refundId: number) =>
    (
      await one<{ invoice_id: number | null }>(
        client,
        'SELECT p.invoice_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.id = $1',
        [refundId],
      )
    ).invoice_id;
  for (const refund of refunds) {
    const amount = Math.min(refund.amount, toCredit);
    if (amount <= 0) break;
    creditNotes.push(
      ...(await creditRefund(client, actor, {
        orderId: r.order.id,
        invoiceId: await paymentInvoice(refund.id),
        refundId: refund.id,
        amount,
        reason,
      })),
    );
    toCredit -= amount;
  }
  // What was never paid: credited without a refund.
  if (toCredit > 0)
    creditNotes.push(
      ...(await creditRefund(client, actor, {
        orderId: r.order.id,
        invoiceId: null,
        refundId: null,
        amount: toCredit,
        reason,
      })),
    );

  const after = await one<Pick<Tables['orders'], 'status' | 'version'>>(
    client,
    'SELECT status, version FROM orders WHERE id = $1',
    [r.order.id],
  );
  // Paid exactly the fee: nothing to refund, so nothing moved it on from pre-cancel.
  if (after.status === 'pre-cancel' && r.order.paid_minor - fee.minor <= 0)
    await deps.orders.applyEvent(
      client,
      actor,
      r.order.id,
      { type: 'REFUNDED', version: after.version, acknowledge: [] },
      () => true,
    );
  // The invoice keeping the fee: the first one with something left on it.
  const kept =
    fee.minor > 0
      ? await maybeOne<{ id: number }>(
          client,
          `SELECT i.id FROM invoices i WHERE i.order_id = $1 AND i.status = 'posted' AND i.type IN ('rent', 'sale', 'adhoc')
             AND i.total_minor + coalesce((SELECT sum(n.total_minor) FROM invoices n WHERE n.credits_invoice_id = i.id), 0) > 0
           ORDER BY i.id LIMIT 1`,
          [r.order.id],
        )
      : null;
  if (fee.minor > 0)
    await audit(client, actor, {
      entity: 'order',
      entityId: r.order.id,
      action: 'cancellation_fee',
      data: { invoice_id: kept?.id ?? null, fee_bp: fee.bp, total_minor: fee.minor },
    });
  const final = await one<Pick<Tables['orders'], 'status' | 'version'>>(
    client,
    'SELECT status, version FROM orders WHERE id = $1',
    [r.order.id],
  );
  return {
    // A tour order is a rent-like order: never a sale's 'open'.
    status: final.status as TourReservationCancelled['status'],
    version: final.version,
    fee_bp: fee.bp,
    fee_minor: fee.minor,
    fee_invoice_id: kept?.id ?? null,
    credit_note_ids: creditNotes,
    refund_ids: refunds.map((x) => x.id),
    refunded_minor: refunds.reduce((sum, x) => sum + x.amount, 0),
  };
}

/** After seats were freed on a departure: offers them down its waiting list (waitlist-service.ts). */
export async function afterSeatsFreed(client: pg.PoolClient, eventId: number, now: Date): Promise<number[]> {
  return offerFreedSeats(client, eventId, now);
}
