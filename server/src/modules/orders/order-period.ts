import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { rentOrderPeriod } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { refuseCouponLine } from './order-coupons.ts';
import { getOrderDetail } from './order-detail.ts';
import { assertOrderAccess, kindOf, orderId } from './order-routes-shared.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { refuseUnavailable, repriceOrder, type OrderService } from './order-service.ts';

/** Orders whose period is history: nothing is held any more, or the order is being cancelled. */
const FINISHED = ['returned', 'closed', 'pre-cancel', 'cancelled'];

type Line = Pick<
  Tables['order_items'],
  | 'id'
  | 'product_id'
  | 'item_id'
  | 'quantity'
  | 'unit_price_minor'
  | 'discount_minor'
  | 'status'
  | 'delivered_at'
> & { invoiced: boolean };

/**
 * Change period (extend, shorten or move a rental): the live lines take the new period, checked for
 * availability and repriced exactly as the quote and the create do (assessRentDraft, the order's own
 * bookings left out), the exclusion constraint being the last word on serialized items. An invoiced
 * line's price does not change here (money already billed) and neither does a line holding a coupon share.
 */
export function registerOrderPeriod(
  app: FastifyInstance,
  deps: { db: Db; orders: OrderService; auth: AuthService },
): void {
  app.put(
    '/api/nine/rent-orders/:id/period',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request) => {
      const id = orderId(request);
      const input = parse(rentOrderPeriod, request.body);
      const actor = actorOf(request);
      const found = await assertOrderAccess(deps.db.pool, deps.auth, actor, id, 'change');
      // A tour reservation's period is its event's: it moves to another departure (POST …/move), not here.
      if (found?.type === 'tour' && found.location_id === actor.locationId)
        throw new AppError('reservationNotMovable', { data: { reason: 'period_is_the_event' } });
      const detail = await transaction(deps.db, async (client) => {
        const order = await maybeOne<
          Pick<
            Tables['orders'],
            | 'type'
            | 'status'
            | 'location_id'
            | 'rental_type_id'
            | 'version'
            | 'planned_start'
            | 'planned_finish'
            | 'actual_start'
            | 'total_minor'
          >
        >(
          client,
          `SELECT type, status, location_id, rental_type_id, version, planned_start, planned_finish, actual_start, total_minor
           FROM orders WHERE id = $1 FOR UPDATE`,
          [id],
        );
        if (!order || kindOf(order.type) !== 'rent') throw new AppError('notFound');
        if (order.location_id !== actor.locationId) throw new AppError('orderOtherLocation');
        if (order.version !== input.version)
          throw new AppError('versionConflict', { data: { version: order.version } });
        if (FINISHED.includes(order.status)) throw new AppError('periodOrderFinished');
        const lines = await rows<Line>(
          client,
          `SELECT oi.id, oi.product_id, oi.item_id, oi.quantity, oi.unit_price_minor, oi.discount_minor, oi.status, oi.delivered_at,
                  EXISTS (SELECT 1 FROM invoice_lines l WHERE l.order_item_id = oi.id) AS invoiced
           FROM order_items oi WHERE oi.order_id = $1 ORDER BY oi.id FOR UPDATE`,
          [id],
        );
        const live = lines.filter((l) => l.status !== 'cancelled' && l.status !== 'returned');
        if (!live.length) throw new AppError('periodOrderFinished');
        const rentalType = order.rental_type_id ?? 1;
        const assessed = await deps.orders.assessRentDraft(
          client,
          actor,
          {
            planned_start: input.planned_start,
            planned_finish: input.planned_finish,
            rental_type_id: rentalType,
            items: live.map((l) =>
              l.item_id !== null
                ? { item_id: l.item_id }
                : { product_id: l.product_id, quantity: l.quantity },
            ),
          },
          true,
          id,
        );
        const start = new Date(assessed.planned_start);
        const finish = new Date(assessed.planned_finish);

        const left =
          order.actual_start !== null ||
          lines.some((l) => l.delivered_at !== null || l.status === 'delivered' || l.status === 'returned');
        if (left && start.getTime() !== order.planned_start?.getTime()) {
          const setting = await maybeOne<
            Pick<Tables['activity_settings'], 'allow_change_plan_start_after_deliver'>
          >(
            client,
            'SELECT allow_change_plan_start_after_deliver FROM activity_settings WHERE location_id = $1 AND rental_type_id = $2',
            [order.location_id, rentalType],
          );
          if (!setting?.allow_change_plan_start_after_deliver) throw new AppError('periodStartAfterDeliver');
        }

        refuseUnavailable(assessed.lines);

        // The assessment lists serialized items by id, then bulk lines in the order given.
        const bulkPrices = assessed.lines.filter((l) => l.item_id === null);
        let bulkIndex = 0;
        const prices = live.map((l) =>
          l.item_id !== null
            ? assessed.lines.find((a) => a.item_id === l.item_id)!.unit_price_minor
            : bulkPrices[bulkIndex++]!.unit_price_minor,
        );
        for (const [index, line] of live.entries()) {
          const price = prices[index]!;
          if (price === line.unit_price_minor) continue;
          // Billed money is fixed (a credit note corrects it): the extra is charged another way.
          if (line.invoiced) throw new AppError('periodInvoicedLine');
          await refuseCouponLine(client, line.id);
          if (line.discount_minor > price * line.quantity) throw new AppError('periodDiscountOverPrice');
        }

        try {
          await exec(
            client,
            `UPDATE order_items oi SET planned_start = $2, planned_finish = $3, unit_price_minor = u.price
             FROM unnest($1::bigint[], $4::bigint[]) AS u(id, price) WHERE oi.id = u.id`,
            [live.map((l) => l.id), start, finish, prices],
          );
        } catch (err) {
          // The exclusion constraint: another order took a serialized item over the new period meanwhile.
          if ((err as { code?: string }).code === '23P01') {
            const items = assessed.lines.filter((l) => l.item_id !== null);
            throw new AppError('itemsUnavailable', {
              data: items.map((l) => ({
                product_category: l.product_category,
                product_sku: l.product_sku,
                item_id: l.item_id,
              })),
              params: { items: [...new Set(items.map((l) => l.product_category))].join(', ') },
            });
          }
          throw err;
        }
        await exec(client, 'UPDATE orders SET planned_start = $2, planned_finish = $3 WHERE id = $1', [
          id,
          start,
          finish,
        ]);
        await repriceOrder(client, id, actor.locationId);
        const after = await one<Pick<Tables['orders'], 'total_minor'>>(
          client,
          'SELECT total_minor FROM orders WHERE id = $1',
          [id],
        );
        await audit(client, actor, {
          entity: 'order',
          entityId: id,
          action: 'period_changed',
          data: {
            planned_start: { old: order.planned_start?.toISOString() ?? null, new: start.toISOString() },
            planned_finish: { old: order.planned_finish?.toISOString() ?? null, new: finish.toISOString() },
            total_minor: { old: order.total_minor, new: after.total_minor },
          },
        });
        return getOrderDetail(client, id, actor.locationId);
      });
      return { data: detail };
    },
  );
}
