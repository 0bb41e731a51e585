import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { AppError } from '@nine/shared/errors';
import {
  tourReservationMove,
  type TourReservationMove,
  type TourReservationMoved,
} from '@nine/shared/schemas/tours/reservation-changes';
import { priceFor } from '@nine/shared/tour-pricing';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { audit } from '../../lib/audit.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import type { Actor } from '../../lib/actor.ts';
import { addAdhocCharge } from '../money/invoice-adhoc-charge.ts';
import { postInvoice, taxSettings } from '../money/invoice-billing.ts';
import { creditRefund } from '../money/invoice-credit-note.ts';
import type { MoneyService } from '../money/money-service.ts';
import { retotal } from '../orders/order-item-invoice.ts';
import { refuseUnavailable, repriceOrder, totalWithTax } from '../orders/order-service.ts';
import type { TourDeps } from './register-tours.ts';
import { tourPrices } from './reservation-service.ts';
import {
  lockEvents,
  lockOrderRow,
  readEvent,
  refundToPayments,
  reservationEventId,
  tierFeeAt,
} from './reservation-cancel.ts';
import { bookableFacts, checkBookable, offerFreedSeats, seatsFree } from './waitlist-service.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

/** A reservation moves while nobody has checked in yet. */
const MOVABLE = ['pending', 'confirmed'];

type Line = Pick<
  Tables['order_items'],
  | 'id'
  | 'product_id'
  | 'item_id'
  | 'quantity'
  | 'unit_price_minor'
  | 'discount_minor'
  | 'tour_event_id'
  | 'tour_age_group_id'
> & { invoice_id: number | null; invoice_status: string | null; sku: string; category: string | null };

const notMovable = (reason: string) => new AppError('reservationNotMovable', { data: { reason } });

/**
 * Moves a reservation to another departure of the same tour (design "#20 server outline"): both events locked
 * in id order, then the order; the seat lines follow (the seat trigger moves the seats, the CHECK stays the
 * last word), the equipment lines take the new period (the same items: the exclusion constraint and the
 * bulk assessment refuse with 1207/1208), the seats are repriced for the new day (priceFor). A seat line
 * billed on an invoice in progress is repriced there too; one on a posted invoice is settled beside it
 * (settlePosted: an ad-hoc charge or a credit note, posted invoices being immutable). A dearer day raises the
 * balance due; a cheaper one refunds what was paid beyond the new total.
 */
export function registerReservationMove(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  idempotentRoute(
    app,
    db,
    {
      url: '/api/nine/tours/reservations/:id/move',
      access: TOUR_CHANGE,
      params: bigIdParams,
      body: tourReservationMove,
      omit: ['access_key'],
      status: 200,
    },
    async (client, actor, input, { id }): Promise<TourReservationMoved> => {
      const fromId = await reservationEventId(client, id, actor.locationId);
      const target = await maybeOne<{ id: number }>(
        client,
        'SELECT id FROM tour_events WHERE id = $1 AND location_id = $2',
        [input.event_id, actor.locationId],
      );
      if (!target) throw new AppError('notFound');
      await lockEvents(client, [fromId, input.event_id]);
      const order = await lockOrderRow(client, id);
      // Moved meanwhile: its version changed too.
      if ((await reservationEventId(client, id, actor.locationId)) !== fromId)
        throw new AppError('versionConflict', { data: { version: order.version } });
      if (order.version !== input.version)
        throw new AppError('versionConflict', { data: { version: order.version } });
      const from = await readEvent(client, fromId);
      const to = await readEvent(client, input.event_id);
      const at = now();
      if (!MOVABLE.includes(order.status)) throw notMovable('status');
      if (to.id === from.id) throw notMovable('same_event');
      if (to.definition_id !== from.definition_id) throw notMovable('other_definition');
      // The booking rules of a new reservation (status, start, active tour, cut-off: 1771, 1770).
      checkBookable(await bookableFacts(client, to.id), at);
      const { is_private, min_fee_bp } = await one<{ is_private: boolean; min_fee_bp: number }>(
        client,
        'SELECT is_private, min_fee_bp FROM tour_reservations WHERE order_id = $1',
        [id],
      );
      if (is_private || to.private_order_id !== null) throw notMovable('private');

      const lines = await rows<Line>(
        client,
        `SELECT oi.id, oi.product_id, oi.item_id, oi.quantity, oi.unit_price_minor, oi.discount_minor, oi.tour_event_id, oi.tour_age_group_id,
                p.sku, c.name AS category, il.invoice_id, inv.status AS invoice_status
         FROM order_items oi JOIN products p ON p.id = oi.product_id LEFT JOIN categories c ON c.id = p.category_id
         LEFT JOIN LATERAL (SELECT l.invoice_id FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
                            WHERE l.order_item_id = oi.id AND i.type IN ('rent', 'sale') ORDER BY l.id DESC LIMIT 1) il ON true
         LEFT JOIN invoices inv ON inv.id = il.invoice_id
         WHERE oi.order_id = $1 AND oi.status <> 'cancelled' ORDER BY oi.id FOR UPDATE OF oi`,
        [id],
      );
      const seats = lines.filter((l) => l.tour_event_id !== null);
      const equipment = lines.filter((l) => l.tour_event_id === null);
      const asked = seats.reduce((sum, l) => sum + l.quantity, 0);
      const free = await seatsFree(client, to.id, at);
      if (asked > free) {
        const def = await one<{ name: string; sku: string | null }>(
          client,
          'SELECT d.name, p.sku FROM tour_definitions d LEFT JOIN products p ON p.id = d.seat_product_id WHERE d.id = $1',
          [to.definition_id],
        );
        throw new AppError('itemsUnavailable', {
          data: [{ product_category: def.name, product_sku: def.sku ?? '', seats_free: Math.max(0, free) }],
          params: { items: def.name },
        });
      }

      // The equipment over the new period, this order's own bookings left out.
      if (equipment.length) {
        const assessed = await deps.orders.assessRentDraft(
          client,
          actor,
          {
            planned_start: to.starts_at.toISOString(),
            planned_finish: to.ends_at.toISOString(),
            rental_type_id: order.rental_type_id ?? 1,
            items: equipment.map((l) =>
              l.item_id !== null
                ? { item_id: l.item_id }
                : { product_id: l.product_id, quantity: l.quantity },
            ),
          },
          true,
          id,
          { exactPeriod: true },
        );
        refuseUnavailable(assessed.lines);
      }

      const prices = await seatPrices(client, to.definition_id, to.id);
      const repriced = seats.map((l) => {
        const price = priceFor(prices.base, prices.seasons, l.tour_age_group_id!, prices.localDay);
        // An age group that lost its price keeps what it was sold at.
        return { ...l, price: price ?? l.unit_price_minor };
      });

      // Seat lines on a posted invoice keep the price billed (see settlePosted).
      await exec(
        client,
        `UPDATE order_items oi SET tour_event_id = $2, unit_price_minor = u.price
         FROM unnest($1::bigint[], $3::bigint[]) AS u(id, price) WHERE oi.id = u.id`,
        [
          repriced.map((l) => l.id),
          to.id,
          repriced.map((l) => (l.invoice_status === 'posted' ? l.unit_price_minor : l.price)),
        ],
      );
      if (equipment.length) {
        try {
          await exec(
            client,
            'UPDATE order_items SET planned_start = $2, planned_finish = $3 WHERE id = ANY($1::bigint[])',
            [equipment.map((l) => l.id), to.starts_at, to.ends_at],
          );
        } catch (err) {
          // The exclusion constraint: another order took one of the items over the new period meanwhile.
          if ((err as { code?: string }).code === '23P01') {
            const items = equipment.filter((l) => l.item_id !== null);
            throw new AppError('itemsUnavailable', {
              data: items.map((l) => ({
                product_category: l.category ?? l.sku,
                product_sku: l.sku,
                item_id: l.item_id,
              })),
              params: { items: [...new Set(items.map((l) => l.category ?? l.sku))].join(', ') },
            });
          }
          throw err;
        }
      }
      await exec(
        client,
        'UPDATE orders SET planned_start = $2, planned_finish = $3, updated_at = now() WHERE id = $1',
        [id, to.starts_at, to.ends_at],
      );
      // The fee level of cancelling on the departure left now goes along (design D6): a later cancel charges
      // at least it, so moving out of the fee window to cancel later does not escape the fee.
      const carried = Math.max(min_fee_bp, (await tierFeeAt(client, from, at)).feeBp);
      await exec(client, 'UPDATE tour_reservations SET event_id = $2, min_fee_bp = $3 WHERE order_id = $1', [
        id,
        to.id,
        carried,
      ]);
      // The live share link follows the reservation: it works until a day after the new departure ends.
      await exec(
        client,
        `UPDATE order_access_tokens SET expires_at = $2::timestamptz + interval '24 hours'
         WHERE order_id = $1 AND purpose = 'share_link' AND revoked_at IS NULL`,
        [id, to.ends_at],
      );

      // Seat lines billed on an invoice in progress carry the new price there too, retaxed by the one tax rule.
      const openInvoices = [
        ...new Set(repriced.filter((l) => l.invoice_status === 'in_progress').map((l) => l.invoice_id!)),
      ];
      for (const invoiceId of openInvoices) {
        await exec(
          client,
          `UPDATE invoice_lines l SET unit_price_minor = u.price
           FROM unnest($2::bigint[], $3::bigint[]) AS u(item, price) WHERE l.invoice_id = $1 AND l.order_item_id = u.item`,
          [invoiceId, repriced.map((l) => l.id), repriced.map((l) => l.price)],
        );
        await retotal(client, invoiceId, await taxSettings(client, actor.locationId));
      }
      await repriceOrder(client, id, actor.locationId);
      const posted = repriced.filter((l) => l.invoice_status === 'posted');
      const settled = posted.length
        ? await settlePosted(client, actor, deps.money, id, posted, prices.localDay, input)
        : { chargeId: null, refunded: 0 };
      const after = await one<Pick<Tables['orders'], 'total_minor' | 'paid_minor'>>(
        client,
        'SELECT total_minor, paid_minor FROM orders WHERE id = $1',
        [id],
      );
      const difference = after.total_minor - order.total_minor;
      const excess = after.paid_minor - after.total_minor;
      let refunded = settled.refunded;
      if (difference < 0 && excess > 0) {
        const more = Math.min(excess, -difference);
        refunded += more;
        await refundToPayments(client, actor, deps.money, id, more, {
          reason: 'Reservation moved to a cheaper departure',
          access_key: input.access_key,
          cash_register_id: input.cash_register_id,
        });
      }
      await audit(client, actor, {
        entity: 'order',
        entityId: id,
        action: 'tour_moved',
        data: {
          event_id: { old: from.id, new: to.id },
          total_minor: { old: order.total_minor, new: after.total_minor },
          refunded_minor: refunded,
          min_fee_bp: carried,
        },
      });
      // The seats left behind go down the old departure's waiting list.
      await offerFreedSeats(client, from.id, at);
      const final = await one<Pick<Tables['orders'], 'version' | 'total_minor'>>(
        client,
        'SELECT version, total_minor FROM orders WHERE id = $1',
        [id],
      );
      return {
        order_id: id,
        event_id: to.id,
        version: final.version,
        total_minor: final.total_minor,
        price_difference_minor: difference,
        invoice_id: openInvoices[0] ?? settled.chargeId,
        refunded_minor: refunded,
      };
    },
  );
}

/** The tour's base and season prices and the departure's local day ("YYYY-MM-DD"), for priceFor. */
async function seatPrices(client: Parameters<typeof rows>[0], definitionId: number, eventId: number) {
  const { base, seasons } = await tourPrices(client, definitionId);
  const { local_day } = await one<{ local_day: string }>(
    client,
    `SELECT (e.starts_at AT TIME ZONE l.time_zone)::date::text AS local_day
     FROM tour_events e JOIN locations l ON l.id = e.location_id WHERE e.id = $1`,
    [eventId],
  );
  return { base, seasons, localDay: local_day };
}

/**
 * Seat lines billed on a posted invoice, moved. The invoice is immutable, so the lines keep the price billed
 * (unit_price_minor unchanged): the order's total stays repriceOrder's sum of lines + ad-hoc invoices + credit
 * notes, i.e. the money billed, and no later reprice counts the difference twice. The difference with the new
 * day is settled beside it: dearer, an ad-hoc charge (its own invoice, taxed by the one tax rule) raises the
 * balance due; cheaper, what was paid beyond the new total goes back to the payments and the posted invoices
 * are credited down by the difference (with tax) with partial credit notes carrying those refunds, as a cancel
 * does. The charge's and the notes' lines are tied to the first seat line, so the price billed for the seats
 * is the sum of their invoice lines (in price terms, as order lines hold them) and a later move settles from
 * there. The caller holds the order's lock.
 */
async function settlePosted(
  client: pg.PoolClient,
  actor: Actor,
  money: MoneyService,
  orderId: number,
  lines: (Line & { price: number })[],
  localDay: string,
  input: Pick<TourReservationMove, 'access_key' | 'cash_register_id'>,
): Promise<{ chargeId: number | null; refunded: number }> {
  const { billed } = await one<{ billed: number }>(
    client,
    `SELECT coalesce(sum(l.unit_price_minor * l.quantity - l.discount_minor), 0)::bigint AS billed
     FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
     WHERE l.order_item_id = ANY($1::bigint[]) AND (i.status = 'posted' OR i.type = 'adhoc')`,
    [lines.map((l) => l.id)],
  );
  const difference = lines.reduce((sum, l) => sum + l.price * l.quantity - l.discount_minor, 0) - billed;
  const seatLine = lines[0]!.id;
  const tie = (invoiceIds: number[]) =>
    exec(client, 'UPDATE invoice_lines SET order_item_id = $2 WHERE invoice_id = ANY($1::bigint[])', [
      invoiceIds,
      seatLine,
    ]);
  const description = `Price difference: moved to ${localDay}`;
  if (difference > 0) {
    const chargeId = await addAdhocCharge(
      client,
      actor,
      lines[0]!.invoice_id!,
      { description, quantity: 1, unit_price_minor: difference, taxable: true },
      { settlement: true },
    );
    await tie([chargeId]);
    return { chargeId, refunded: 0 };
  }
  if (difference === 0) return { chargeId: null, refunded: 0 };

  // A charge of an earlier move still in progress is posted first: credit notes take money off posted invoices.
  const open = await rows<{ id: number }>(
    client,
    `SELECT DISTINCT i.id FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id
     WHERE l.order_item_id = ANY($1::bigint[]) AND i.type = 'adhoc' AND i.status = 'in_progress' ORDER BY i.id`,
    [lines.map((l) => l.id)],
  );
  for (const inv of open) await postInvoice(client, actor, inv.id);

  const credit = totalWithTax(-difference, await taxSettings(client, actor.locationId));
  const o = await one<Pick<Tables['orders'], 'total_minor' | 'paid_minor'>>(
    client,
    'SELECT total_minor, paid_minor FROM orders WHERE id = $1',
    [orderId],
  );
  const toRefund = Math.min(credit, Math.max(0, o.paid_minor - (o.total_minor - credit)));
  const refunds =
    toRefund > 0
      ? await refundToPayments(client, actor, money, orderId, toRefund, {
          reason: 'Reservation moved to a cheaper departure',
          access_key: input.access_key,
          cash_register_id: input.cash_register_id,
        })
      : [];
  const notes: number[] = [];
  let left = credit;
  for (const refund of refunds) {
    const amount = Math.min(refund.amount, left);
    if (amount <= 0) break;
    const { invoice_id } = await one<{ invoice_id: number | null }>(
      client,
      'SELECT p.invoice_id FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.id = $1',
      [refund.id],
    );
    notes.push(
      ...(await creditRefund(client, actor, {
        orderId,
        invoiceId: invoice_id,
        refundId: refund.id,
        amount,
        reason: description,
      })),
    );
    left -= amount;
  }
  // What was not paid: credited without a refund (the latest invoice first: an unpaid charge of an earlier
  // move), so the balance due drops by it.
  if (left > 0)
    notes.push(
      ...(await creditRefund(client, actor, {
        orderId,
        invoiceId: null,
        refundId: null,
        amount: left,
        reason: description,
      })),
    );
  await tie(notes);
  return { chargeId: null, refunded: refunds.reduce((sum, r) => sum + r.amount, 0) };
}
