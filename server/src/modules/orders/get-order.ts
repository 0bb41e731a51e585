import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { grants } from '@nine/shared/permissions';
import type { Db } from '../../db/pool.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import { actorOf } from '../../lib/actor.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { getOrderDetail } from './order-detail.ts';
import {
  assertOrderPermission,
  kindOf,
  leadsTourOrder,
  orderId,
  orderRouteAccess,
  PATH,
} from './order-routes-shared.ts';

/**
 * The order view. The lists may show another location's orders (their `location_id` filter), so the
 * view opens an order of any location where the user holds the same view permission (the order type's own:
 * rent_order, sell_order, or tour for a tour reservation); changing it still needs that location selected.
 */
export function registerGetOrder(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  for (const kind of ['rent', 'sale'] as const) {
    app.get(
      `/api/nine/${PATH[kind]}/:id`,
      { config: { access: orderRouteAccess(kind, 'view') } },
      async (request) => {
        const id = orderId(request);
        const actor = actorOf(request);
        const order = await maybeOne<Pick<Tables['orders'], 'location_id' | 'type'>>(
          deps.db.pool,
          'SELECT location_id, type FROM orders WHERE id = $1',
          [id],
        );
        if (!order || kindOf(order.type) !== kind) throw new AppError('notFound');
        // Someone without the permission at another location learns nothing about the order: not found.
        await assertOrderPermission(deps.auth, actor.userId, order.type, order.location_id, 'view').catch(
          (err: unknown) => {
            throw order.location_id !== actor.locationId ? new AppError('notFound') : err;
          },
        );
        // A tour reservation in the guides' own scope, as GET /tours/reservations/:id: without tour change,
        // only the events the caller leads (else 404).
        if (order.type === 'tour') {
          const held = (await deps.auth.permissionsAt(actor.userId, order.location_id)) ?? [];
          if (
            !grants(held, { resource: 'tour', action: 'change' }) &&
            !(await leadsTourOrder(deps.db.pool, id, actor.userId))
          )
            throw new AppError('notFound');
        }
        return { data: await getOrderDetail(deps.db.pool, id, order.location_id) };
      },
    );
  }
}
