import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { orderItemReplace, orderItemUpdate } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { refuseCouponLine } from './order-coupons.ts';
import { getOrderDetail } from './order-detail.ts';
import { registerOrderItemInvoice } from './order-item-invoice.ts';
import { assertOrderAccess, kindOf, orderRouteAccess, PATH } from './order-routes-shared.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { itemComesBack, itemGoesOut, repriceOrder } from './order-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams, idParam } from '../../lib/id-param.ts';
import type { LineHead } from './order-columns.ts';

const itemParams = bigIdParams.extend({
  childId: idParam('bigint'),
});

type Line = LineHead & Pick<Tables['order_items'], 'delivered_at'> & { invoiced: boolean };

/** Locks the order (its version checked) and the line; another location's order is refused by name. */
async function lockLine(
  client: Queryable,
  request: FastifyRequest,
  kind: 'rent' | 'sale',
  version: number,
): Promise<{ id: number; line: Line; rentalTypeId: number | null }> {
  const { id, childId } = parse(itemParams, request.params);
  const order = await maybeOne<Pick<Tables['orders'], 'type' | 'location_id' | 'version' | 'rental_type_id'>>(
    client,
    'SELECT type, location_id, version, rental_type_id FROM orders WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!order || kindOf(order.type) !== kind) throw new AppError('notFound');
  if (order.location_id !== actorOf(request).locationId) throw new AppError('orderOtherLocation');
  if (order.version !== version) throw new AppError('versionConflict', { data: { version: order.version } });
  const line = await maybeOne<Line>(
    client,
    `SELECT oi.id, oi.product_id, oi.item_id, oi.quantity, oi.unit_price_minor, oi.discount_minor, oi.status,
            oi.counter_start, oi.counter_end, oi.delivered_at, EXISTS (SELECT 1 FROM invoice_lines l WHERE l.order_item_id = oi.id) AS invoiced
     FROM order_items oi WHERE oi.id = $1 AND oi.order_id = $2 FOR UPDATE`,
    [childId, id],
  );
  if (!line) throw new AppError('notFound');
  return { id, line, rentalTypeId: order.rental_type_id };
}

/** Activity switch simultaneous_replace_and_deliver of the order's location and rental type (off without a row). */
export async function replacesDelivered(
  client: Queryable,
  locationId: number,
  rentalTypeId: number | null,
): Promise<boolean> {
  const row = await maybeOne<Pick<Tables['activity_settings'], 'simultaneous_replace_and_deliver'>>(
    client,
    `SELECT simultaneous_replace_and_deliver FROM activity_settings
     WHERE location_id = $1 AND rental_type_id = coalesce($2, 1)`,
    [locationId, rentalTypeId],
  );
  return row?.simultaneous_replace_and_deliver ?? false;
}

async function finish(client: Queryable, request: FastifyRequest, id: number, action: string, data: object) {
  const locationId = actorOf(request).locationId;
  await repriceOrder(client, id, locationId);
  await audit(client, actorOf(request), { entity: 'order', entityId: id, action, data });
  return { status: 200, body: await getOrderDetail(client, id, locationId) };
}

/**
 * The order view's item actions beyond the lifecycle: edit item (its discount), set counter (meter
 * readings), replace item (another serialized item; another product or category must be acknowledged,
 * and the exclusion constraint still refuses a double booking). Each bumps the version and is audited.
 */
export function registerOrderItems(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  registerOrderItemInvoice(app, deps);
  for (const kind of ['rent', 'sale'] as const) {
    app.patch(
      `/api/nine/${PATH[kind]}/:id/items/:childId`,
      // A tour reservation's seat lines take discounts too: the tour clerk may, a rent-only user may not.
      { config: { access: orderRouteAccess(kind, 'change') } },
      async (request) => {
        const input = parse(orderItemUpdate, request.body);
        await assertOrderAccess(
          deps.db.pool,
          deps.auth,
          actorOf(request),
          parse(itemParams, request.params).id,
          'change',
        );
        const result = await transaction(deps.db, async (client) => {
          const { id, line } = await lockLine(client, request, kind, input.version);
          if (line.status === 'cancelled') throw new AppError('conflict', { data: { reason: 'cancelled' } });
          const discount = input.discount_minor ?? line.discount_minor;
          if (input.discount_minor !== undefined && input.discount_minor !== line.discount_minor) {
            // An invoiced line is fixed: corrections go through a credit note.
            if (line.invoiced) throw new AppError('conflict', { data: { reason: 'already_invoiced' } });
            await refuseCouponLine(client, line.id);
            if (discount > line.unit_price_minor * line.quantity)
              throw new AppError('validation', {
                data: { issues: [{ path: 'discount_minor', code: 'more_than_line' }] },
              });
          }
          const start = input.counter_start !== undefined ? input.counter_start : line.counter_start;
          const end = input.counter_end !== undefined ? input.counter_end : line.counter_end;
          if (start !== null && end !== null && end < start)
            throw new AppError('validation', {
              data: { issues: [{ path: 'counter_end', code: 'before_start' }] },
            });
          await exec(
            client,
            'UPDATE order_items SET discount_minor = $2, counter_start = $3, counter_end = $4 WHERE id = $1',
            [line.id, discount, start, end],
          );
          const counterChanged = start !== line.counter_start || end !== line.counter_end;
          return finish(
            client,
            request,
            id,
            counterChanged && discount === line.discount_minor ? 'counter_set' : 'item_edited',
            {
              order_item_id: line.id,
              ...(discount !== line.discount_minor
                ? { discount: { old: line.discount_minor, new: discount } }
                : {}),
              ...(counterChanged ? { counter: { start, end } } : {}),
            },
          );
        });
        return { data: result.body };
      },
    );
  }

  app.post(
    '/api/nine/rent-orders/:id/items/:childId/replace',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request) => {
      const input = parse(orderItemReplace, request.body);
      const locationId = actorOf(request).locationId;
      await assertOrderAccess(
        deps.db.pool,
        deps.auth,
        actorOf(request),
        parse(itemParams, request.params).id,
        'change',
      );
      const result = await transaction(deps.db, async (client) => {
        const { id, line, rentalTypeId } = await lockLine(client, request, 'rent', input.version);
        // A serialized line that has not left yet is swapped; one that is out only under the activity switch.
        if (line.item_id === null || !['pending', 'confirmed', 'delivered'].includes(line.status))
          throw new AppError('conflict', { data: { reason: 'not_replaceable' } });
        const delivered = line.status === 'delivered';
        if (delivered && !(await replacesDelivered(client, locationId, rentalTypeId)))
          throw new AppError('replaceDeliveredOff');
        const next = await maybeOne<
          Pick<Tables['items'], 'id' | 'sku' | 'product_id' | 'status' | 'current_location_id'> &
            Pick<Tables['products'], 'category_id' | 'kind'>
        >(
          client,
          `SELECT i.id, i.sku, i.product_id, p.category_id, i.status, i.current_location_id, p.kind
           FROM items i JOIN products p ON p.id = i.product_id WHERE lower(i.sku) = lower($1) FOR UPDATE OF i`,
          [input.sku],
        );
        if (!next)
          throw new AppError('validation', { data: { issues: [{ path: 'sku', code: 'not_found' }] } });
        if (next.id === line.item_id)
          throw new AppError('validation', { data: { issues: [{ path: 'sku', code: 'same_item' }] } });
        if (
          next.kind !== 'rent' ||
          ['maintenance', 'retired', 'lost'].includes(next.status) ||
          // Going out now: it must be on the shelf, not still out with another customer.
          (delivered && next.status !== 'available') ||
          next.current_location_id !== locationId
        )
          throw new AppError('itemsUnavailable', {
            data: [{ item_id: next.id, product_sku: next.sku, product_category: next.sku }],
            params: { items: next.sku },
          });
        // order_items.item_id references items: the row is there.
        const before = await one<
          Pick<Tables['items'], 'sku' | 'product_id'> & Pick<Tables['products'], 'category_id'>
        >(
          client,
          'SELECT i.sku, i.product_id, p.category_id FROM items i JOIN products p ON p.id = i.product_id WHERE i.id = $1',
          [line.item_id],
        );
        // Spec: 'This action will change item options/category. Are you sure?'
        if (
          (before.product_id !== next.product_id || before.category_id !== next.category_id) &&
          !input.acknowledge.includes('category_change')
        )
          throw new AppError('confirmationRequired', { data: { warnings: ['category_change'] } });
        try {
          await exec(client, 'SAVEPOINT replace_item');
          await exec(client, 'UPDATE order_items SET item_id = $2, product_id = $3 WHERE id = $1', [
            line.id,
            next.id,
            next.product_id,
          ]);
          await exec(client, 'RELEASE SAVEPOINT replace_item');
          if (delivered) {
            // The counter swaps the item while the customer is out: the old one is back, the new one out.
            const now = new Date();
            await itemComesBack(client, line.item_id, now, line.delivered_at);
            await itemGoesOut(client, next.id, now);
          }
        } catch (err) {
          // The exclusion constraint: the new item is booked over this period.
          if ((err as { code?: string }).code === '23P01')
            throw new AppError('itemsUnavailable', {
              data: [{ item_id: next.id, product_sku: next.sku, product_category: next.sku }],
              params: { items: next.sku },
            });
          throw err;
        }
        return finish(client, request, id, 'item_replaced', {
          order_item_id: line.id,
          old_sku: before.sku,
          new_sku: next.sku,
          ...(delivered ? { delivered: true } : {}),
        });
      });
      return { data: result.body };
    },
  );
}
