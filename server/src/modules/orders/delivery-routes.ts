import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  deliveryAssign,
  deliveryReportQuery,
  deliveryUpdate,
  type DeliveryReportRow,
} from '@nine/shared/schemas/delivery';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, one, rows } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { getOrderDetail } from './order-detail.ts';
import { assertOrderAccess, iso, orderId } from './order-routes-shared.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { deliveryTerms } from './delivery-terms.ts';
import { repriceOrder } from './order-service.ts';

/** Assigning delivery to items (where the location delivers), the day's delivery report, its status select. */
export function registerDeliveryRoutes(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  app.post(
    '/api/nine/rent-orders/:id/deliveries',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request, reply) => {
      const id = orderId(request);
      const input = parse(deliveryAssign, request.body);
      const { userId, locationId } = actorOf(request);
      await assertOrderAccess(deps.db.pool, deps.auth, actorOf(request), id, 'change');
      const result = await transaction(deps.db, async (client) => {
        const order = await maybeOne<
          Pick<Tables['orders'], 'type' | 'rental_type_id' | 'total_minor'> & {
            address: Tables['customers']['address'];
            postal_code: Tables['customers']['postal_code'];
            delivers: Tables['location_activity_settings']['delivery_availability'] | null;
          }
        >(
          client,
          `SELECT o.type, o.rental_type_id, o.total_minor, c.address, c.postal_code,
                (SELECT delivery_availability FROM location_activity_settings s WHERE s.location_id = o.location_id AND s.rental_type_id = coalesce(o.rental_type_id, 1)) AS delivers
         FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE o.id = $1 AND o.location_id = $2 FOR UPDATE OF o`,
          [id, locationId],
        );
        if (!order || order.type === 'sale') throw new AppError('notFound');
        if (!order.delivers)
          throw new AppError('forbidden', { data: { reason: 'location_does_not_deliver' } });
        const address = input.address ?? order.address;
        if (!address)
          throw new AppError('validation', { data: { issues: [{ path: 'address', code: 'required' }] } });
        const zip = input.zip_code ?? order.postal_code;
        const terms = await deliveryTerms(client, {
          locationId: locationId!,
          orderTotalMinor: order.total_minor,
          zip,
          scheduledAt: input.scheduled_at,
        });
        const items = await exec(
          client,
          `SELECT id FROM order_items WHERE order_id = $1 AND id = ANY($2::bigint[]) AND status <> 'cancelled'`,
          [id, input.item_ids],
        );
        if (items !== new Set(input.item_ids).size)
          throw new AppError('stateTransitionFailed', {
            data: input.item_ids.map((item_id) => ({ item_id })),
            params: { items: input.item_ids.join(', ') },
          });
        const created = await one<Pick<Tables['deliveries'], 'id'>>(
          client,
          `INSERT INTO deliveries (order_id, location_id, type, scheduled_at, address, zip_code, created_by, zone_id, fee_minor)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          [
            id,
            locationId,
            input.type,
            input.scheduled_at,
            address,
            zip,
            userId,
            terms.zoneId,
            terms.feeMinor,
          ],
        );
        await exec(
          client,
          'INSERT INTO delivery_items (delivery_id, order_item_id) SELECT $1, unnest($2::bigint[])',
          [created.id, input.item_ids],
        );
        await exec(client, 'UPDATE orders SET has_delivery = true WHERE id = $1', [id]);
        // The fee is charged: the order's total (and so its balance) holds it, and its invoice bills it.
        await repriceOrder(client, id, locationId);
        await audit(
          client,
          { userId, locationId },
          {
            entity: 'order',
            entityId: id,
            action: 'delivery_assigned',
            data: {
              delivery_id: created.id,
              ...input,
              address,
              zone_id: terms.zoneId,
              fee_minor: terms.feeMinor,
            },
          },
        );
        return { status: 201, body: await getOrderDetail(client, id, locationId!) };
      });
      return reply.code(201).send({ data: result.body });
    },
  );

  app.get(
    '/api/nine/delivery-report',
    { config: { access: { resource: 'delivery_report', action: 'view' } } },
    async (request) => {
      const q = parse(deliveryReportQuery, request.query);
      const locationId = actorOf(request).locationId;
      const params: unknown[] = [locationId, q.date];
      const where = [
        'd.location_id = $1',
        `d.scheduled_at >= ($2::date::timestamp AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $1))`,
        `d.scheduled_at < (($2::date + 1)::timestamp AT TIME ZONE (SELECT time_zone FROM locations WHERE id = $1))`,
      ];
      if (q.type) where.push(`d.type = $${params.push(q.type)}`);
      if (q.status) where.push(`d.status = $${params.push(q.status)}`);
      const report = await rows<
        Pick<
          Tables['deliveries'],
          'id' | 'sort' | 'type' | 'status' | 'address' | 'zip_code' | 'fee_minor'
        > & {
          zone: string | null;
          no: number;
          scheduled: Tables['deliveries']['scheduled_at'];
          order: DeliveryReportRow['order'];
          customer: string | null;
          // Never null: a delivery is assigned with at least one item.
          items: DeliveryReportRow['items'];
        }
      >(
        deps.db.pool,
        `SELECT d.id, d.sort, (row_number() OVER (ORDER BY d.sort, d.scheduled_at, d.id))::int AS no, d.type, d.status, d.scheduled_at AS scheduled,
              json_build_object('id', o.id, 'number', o.number) AS "order", trim(c.first_name || ' ' || c.last_name) AS customer, d.address, d.zip_code, z.name AS zone, d.fee_minor,
              (SELECT json_agg(json_build_object('id', oi.id, 'sku', coalesce(i.sku, p.sku), 'name', p.name, 'quantity', oi.quantity) ORDER BY oi.id)
                 FROM delivery_items di JOIN order_items oi ON oi.id = di.order_item_id JOIN products p ON p.id = oi.product_id
                 LEFT JOIN items i ON i.id = oi.item_id WHERE di.delivery_id = d.id) AS items
       FROM deliveries d JOIN orders o ON o.id = d.order_id LEFT JOIN customers c ON c.id = o.customer_id
       LEFT JOIN delivery_zones z ON z.id = d.zone_id
       WHERE ${where.join(' AND ')} ORDER BY d.sort, d.scheduled_at, d.id`,
        params,
      );
      return { data: report.map((row): DeliveryReportRow => ({ ...row, scheduled: iso(row.scheduled) })) };
    },
  );

  app.patch(
    '/api/nine/deliveries/:id',
    { config: { access: { resource: 'delivery_report', action: 'change' } } },
    async (request) => {
      const { id } = parse(bigIdParams, request.params);
      const input = parse(deliveryUpdate, request.body);
      const { userId, locationId } = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        // The order first, as every write on its total: cancelling a delivery (or bringing one back) moves it.
        const found = await maybeOne<Pick<Tables['deliveries'], 'order_id'>>(
          client,
          'SELECT order_id FROM deliveries WHERE id = $1 AND location_id = $2',
          [id, locationId],
        );
        if (!found) throw new AppError('notFound');
        await exec(client, 'SELECT 1 FROM orders WHERE id = $1 FOR UPDATE', [found.order_id]);
        const before = await one<Pick<Tables['deliveries'], 'status' | 'fee_minor'> & { billed: boolean }>(
          client,
          `SELECT status, fee_minor, EXISTS (SELECT 1 FROM invoice_lines l WHERE l.delivery_id = d.id) AS billed
           FROM deliveries d WHERE id = $1 FOR UPDATE`,
          [id],
        );
        const moves =
          before.fee_minor > 0 &&
          input.status !== undefined &&
          (input.status === 'cancelled') !== (before.status === 'cancelled');
        // A billed fee is fixed, as an invoiced order line is: corrections go through a credit note.
        if (moves && before.billed) throw new AppError('conflict', { data: { reason: 'already_invoiced' } });
        const delivery = await one<Pick<Tables['deliveries'], 'id' | 'status' | 'sort' | 'order_id'>>(
          client,
          `UPDATE deliveries SET status = coalesce($2, status), sort = coalesce($3, sort), updated_at = now() WHERE id = $1 RETURNING id, status, sort, order_id`,
          [id, input.status ?? null, input.sort ?? null],
        );
        if (moves) await repriceOrder(client, delivery.order_id, locationId);
        await audit(
          client,
          { userId, locationId },
          {
            entity: 'order',
            entityId: delivery.order_id,
            action: 'delivery_updated',
            data: { delivery_id: id, ...input },
          },
        );
        return { status: 200, body: delivery };
      });
      return { data: result.body };
    },
  );
}
