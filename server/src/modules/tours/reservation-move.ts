import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Requirement } from '@nine/shared/permissions';
import {
  tourReservationMove,
  type TourReservationMoved,
} from '@nine/shared/schemas/tours/reservation-changes';
import { priceFor, type TourPrice, type TourSeasonPrices } from '@nine/shared/tour-pricing';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { audit } from '../../lib/audit.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { taxSettings } from '../money/invoice-billing.ts';
import { retotal } from '../orders/order-item-invoice.ts';
import { repriceOrder } from '../orders/order-service.ts';
import type { TourDeps } from './register-tours.ts';
import {
  lockEvents,
  lockOrderRow,
  readEvent,
  refundToPayments,
  reservationEventId,
  tierFeeAt,
} from './reservation-cancel.ts';
import { bookableFacts, checkBookable, offerFreedSeats, seatsFree } from './waitlist-service.ts';

const CHANGE: Requirement = { resource: 'tour', action: 'change' };
/** A reservation moves while nobody has checked in yet. */
const MOVABLE = ['pending', 'confirmed'];

type Line = Pick<
  Tables['order_items'],
  'id' | 'product_id' | 'item_id' | 'quantity' | 'unit_price_minor' | 'tour_event_id' | 'tour_age_group_id'
> & { invoice_id: number | null; invoice_status: string | null; sku: string; category: string | null };

const notMovable = (reason: string) => new AppError('reservationNotMovable', { data: { reason } });

/**
 * Moves a reservation to another departure of the same tour (design "#20 server outline"): both events locked
 * in id order, then the order; the seat lines follow (the seat trigger moves the seats, the CHECK stays the
 * last word), the equipment lines take the new period (the same items: the exclusion constraint and the
 * bulk assessment refuse with 1207/1208), the seats are repriced for the new day (priceFor). A seat line
 * billed on an invoice in progress is repriced there too; one on a posted invoice is not moved (1780
 * reason "invoiced": billed money changes only through a credit note). A dearer day raises the balance
 * due (on the invoice in progress, when there is one); a cheaper one refunds what was paid beyond the new total.
 */
export function registerReservationMove(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  idempotentRoute(
    app,
    db,
    {
      url: '/api/nine/tours/reservations/:id/move',
      access: CHANGE,
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
        `SELECT oi.id, oi.product_id, oi.item_id, oi.quantity, oi.unit_price_minor, oi.tour_event_id, oi.tour_age_group_id,
                p.sku, c.name AS category, il.invoice_id, inv.status AS invoice_status
         FROM order_items oi JOIN products p ON p.id = oi.product_id LEFT JOIN categories c ON c.id = p.category_id
         LEFT JOIN LATERAL (SELECT l.invoice_id FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
                            WHERE l.order_item_id = oi.id AND i.type <> 'credit_note' ORDER BY l.id DESC LIMIT 1) il ON true
         LEFT JOIN invoices inv ON inv.id = il.invoice_id
         WHERE oi.order_id = $1 AND oi.status <> 'cancelled' ORDER BY oi.id FOR UPDATE OF oi`,
        [id],
      );
      const seats = lines.filter((l) => l.tour_event_id !== null);
      const equipment = lines.filter((l) => l.tour_event_id === null);
      if (seats.some((l) => l.invoice_status === 'posted')) throw notMovable('invoiced');
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
        const busy = assessed.lines.filter((l) => !l.available && l.item_id !== null);
        if (busy.length)
          throw new AppError('itemsUnavailable', {
            data: busy.map((l) => ({
              product_category: l.product_category,
              product_sku: l.product_sku,
              item_id: l.item_id,
            })),
            params: { items: [...new Set(busy.map((l) => l.product_category))].join(', ') },
          });
        const short = assessed.lines.filter((l) => !l.available && l.item_id === null);
        if (short.length)
          throw new AppError('productsUnavailable', {
            data: short.map((l) => ({ product_sku: l.product_sku })),
            params: { items: short.map((l) => l.product_sku).join(', ') },
          });
      }

      const prices = await seatPrices(client, to.definition_id, to.id);
      const repriced = seats.map((l) => {
        const price = priceFor(prices.base, prices.seasons, l.tour_age_group_id!, prices.localDay);
        // An age group that lost its price keeps what it was sold at.
        return { ...l, price: price ?? l.unit_price_minor };
      });

      await exec(
        client,
        `UPDATE order_items oi SET tour_event_id = $2, unit_price_minor = u.price
         FROM unnest($1::bigint[], $3::bigint[]) AS u(id, price) WHERE oi.id = u.id`,
        [repriced.map((l) => l.id), to.id, repriced.map((l) => l.price)],
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
      const after = await one<Pick<Tables['orders'], 'total_minor' | 'paid_minor'>>(
        client,
        'SELECT total_minor, paid_minor FROM orders WHERE id = $1',
        [id],
      );
      const difference = after.total_minor - order.total_minor;
      const excess = after.paid_minor - after.total_minor;
      let refunded = 0;
      if (difference < 0 && excess > 0) {
        refunded = Math.min(excess, -difference);
        await refundToPayments(client, actor, deps.money, id, refunded, {
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
        invoice_id: openInvoices[0] ?? null,
        refunded_minor: refunded,
      };
    },
  );
}

/** The tour's base and season prices and the departure's local day ("YYYY-MM-DD"), for priceFor. */
async function seatPrices(client: Parameters<typeof rows>[0], definitionId: number, eventId: number) {
  const base = await rows<TourPrice>(
    client,
    'SELECT age_group_id, price_minor FROM tour_definition_prices WHERE definition_id = $1',
    [definitionId],
  );
  const seasons = await rows<TourSeasonPrices>(
    client,
    `SELECT lower(s.days)::text AS first_day, (upper(s.days) - 1)::text AS last_day,
            coalesce((SELECT json_agg(json_build_object('age_group_id', sp.age_group_id, 'price_minor', sp.price_minor))
                      FROM tour_definition_season_prices sp WHERE sp.season_id = s.id), '[]') AS prices
     FROM tour_definition_seasons s WHERE s.definition_id = $1`,
    [definitionId],
  );
  const { local_day } = await one<{ local_day: string }>(
    client,
    `SELECT (e.starts_at AT TIME ZONE l.time_zone)::date::text AS local_day
     FROM tour_events e JOIN locations l ON l.id = e.location_id WHERE e.id = $1`,
    [eventId],
  );
  return { base, seasons, localDay: local_day };
}
