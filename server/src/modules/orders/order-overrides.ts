import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { z } from 'zod';
import type { Requirement } from '@nine/shared/permissions';
import { AppError } from '@nine/shared/errors';
import { depositOverride, priceOverride } from '@nine/shared/schemas/money';
import type { Db } from '../../db/pool.ts';
import { exec, maybeOne, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import type { AccessKeys } from '../auth/access-keys.ts';
import { refuseCouponLine } from './order-coupons.ts';
import { getOrderDetail } from './order-detail.ts';
import { assertOrderAccess, orderId, PATH, RESOURCE, kindOf } from './order-routes-shared.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { repriceOrder } from './order-service.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';

async function lockVersion(
  client: Queryable,
  id: number,
  locationId: number,
  version: number,
  kind: 'rent' | 'sale',
) {
  const order = await maybeOne<Pick<Tables['orders'], 'version' | 'type' | 'deposit_minor'>>(
    client,
    'SELECT version, type, deposit_minor FROM orders WHERE id = $1 AND location_id = $2 FOR UPDATE',
    [id, locationId],
  );
  if (!order || kindOf(order.type) !== kind) throw new AppError('notFound');
  if (order.version !== version) throw new AppError('versionConflict', { data: { version: order.version } });
  return order;
}

/** One override: its row for the price-adjustment and deposit-override reports, and its audit entry. */
async function recordOverride(
  client: Queryable,
  actor: Actor,
  action: string,
  o: {
    kind: 'price' | 'security_deposit';
    orderId: number;
    orderItemId?: number;
    approver: number | null;
    old: number;
    new: number;
    comment: string | null | undefined;
  },
): Promise<void> {
  await exec(
    client,
    `INSERT INTO override_logs (kind, order_id, order_item_id, user_id, approver_id, old_value, new_value, comment) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [o.kind, o.orderId, o.orderItemId ?? null, actor.userId, o.approver, o.old, o.new, o.comment],
  );
  await audit(client, actor, {
    entity: 'order',
    entityId: o.orderId,
    action,
    data: {
      ...(o.orderItemId === undefined ? {} : { order_item_id: o.orderItemId }),
      old: o.old,
      new: o.new,
      approver: o.approver,
      comment: o.comment,
    },
  });
}

/**
 * Change cost (needs changeCost) and overriding a required deposit (needs an approver's access key):
 * both change the order and write an override log row for the price-adjustment and
 * deposit-override reports, with the audit entry, in one transaction.
 */
export function registerOrderOverrides(
  app: FastifyInstance,
  deps: { db: Db; accessKeys: AccessKeys; auth: AuthService },
): void {
  /** An override on one order: done in one transaction, answered with the order's detail. */
  const overrideRoute = <B>(
    url: string,
    access: Requirement,
    body: z.ZodType<B>,
    work: (client: pg.PoolClient, actor: Actor, id: number, input: B) => Promise<void>,
  ) =>
    app.post(url, { config: { access } }, async (request) => {
      const id = orderId(request);
      const input = parse(body, request.body);
      const actor = actorOf(request);
      // The route's right names rent_order; a tour reservation's price also needs the tour clerk's (tour change).
      const order = await maybeOne<Pick<Tables['orders'], 'type'>>(
        deps.db.pool,
        'SELECT type FROM orders WHERE id = $1',
        [id],
      );
      if (order?.type === 'tour') await assertOrderAccess(deps.db.pool, deps.auth, actor, id, 'change');
      const result = await transaction(deps.db, async (client) => {
        await work(client, actor, id, input);
        return { status: 200, body: await getOrderDetail(client, id, actor.locationId) };
      });
      return { data: result.body };
    });

  for (const kind of ['rent', 'sale'] as const) {
    const changeCost = { resource: RESOURCE[kind], action: 'changeCost' } as const;
    overrideRoute(
      `/api/nine/${PATH[kind]}/:id/change-cost`,
      changeCost,
      priceOverride,
      async (client, actor, id, input) => {
        await lockVersion(client, id, actor.locationId, input.version, kind);
        const item = await maybeOne<
          Pick<Tables['order_items'], 'unit_price_minor' | 'quantity' | 'discount_minor'> & {
            billed: boolean;
          }
        >(
          client,
          `SELECT unit_price_minor, quantity, discount_minor, EXISTS (SELECT 1 FROM invoice_lines l WHERE l.order_item_id = oi.id) AS billed FROM order_items oi WHERE id = $1 AND order_id = $2 FOR UPDATE`,
          [input.order_item_id, id],
        );
        if (!item) throw new AppError('notFound');
        // An invoiced line is fixed: corrections go through a credit note.
        if (item.billed) throw new AppError('conflict', { data: { reason: 'already_invoiced' } });
        await refuseCouponLine(client, input.order_item_id);
        // The line's net may not go below zero, as the item edit refuses a discount above the line.
        if (input.unit_price_minor * item.quantity < item.discount_minor)
          throw new AppError('validation', {
            data: { issues: [{ path: 'unit_price_minor', code: 'below_discount' }] },
          });
        const approver = input.access_key
          ? await deps.accessKeys.approve(
              client,
              actor.userId,
              actor.locationId,
              input.access_key,
              changeCost,
            )
          : null;
        await exec(client, 'UPDATE order_items SET unit_price_minor = $2 WHERE id = $1', [
          input.order_item_id,
          input.unit_price_minor,
        ]);
        await repriceOrder(client, id, actor.locationId);
        await recordOverride(client, actor, 'change_cost', {
          kind: 'price',
          orderId: id,
          orderItemId: input.order_item_id,
          approver,
          old: item.unit_price_minor,
          new: input.unit_price_minor,
          comment: input.comment,
        });
      },
    );
  }

  overrideRoute(
    '/api/nine/rent-orders/:id/deposit-override',
    { resource: 'rent_order', action: 'change' },
    depositOverride,
    async (client, actor, id, input) => {
      const order = await lockVersion(client, id, actor.locationId, input.version, 'rent');
      const approver = await deps.accessKeys.approve(
        client,
        actor.userId,
        actor.locationId,
        input.access_key,
        {
          resource: 'rent_order',
          action: 'manage',
        },
      );
      await exec(
        client,
        'UPDATE orders SET deposit_minor = $2, version = version + 1, updated_at = now() WHERE id = $1',
        [id, input.deposit_minor],
      );
      await recordOverride(client, actor, 'deposit_override', {
        kind: 'security_deposit',
        orderId: id,
        approver,
        old: order.deposit_minor,
        new: input.deposit_minor,
        comment: input.comment,
      });
    },
  );
}
