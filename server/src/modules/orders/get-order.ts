import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../../db/pool.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { getOrderDetail } from './order-detail.ts';
import { orderLocation } from './order-extras.ts';
import { kindOf, listLocation, orderId, PATH, RESOURCE } from './order-routes-shared.ts';

/**
 * The order view. The lists may show another location's orders (their `location_id` filter), so the
 * view opens an order of any location where the user holds the same view permission; changing it
 * still needs that location selected.
 */
export function registerGetOrder(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  for (const kind of ['rent', 'sale'] as const) {
    const need = { resource: RESOURCE[kind], action: 'view' } as const;
    app.get(`/api/nine/${PATH[kind]}/:id`, { config: { access: need } }, async (request) => {
      const id = orderId(request);
      const at = await orderLocation(deps.db, id);
      if (at === null) throw new AppError('notFound');
      // Someone without the permission there learns nothing about the order: not found, not forbidden.
      const locationId = await listLocation(request, deps.auth, at, need).catch((err: unknown) => {
        throw err instanceof AppError && err.errorName === 'locationForbidden'
          ? new AppError('notFound')
          : err;
      });
      const order = await getOrderDetail(deps.db.pool, id, locationId);
      if (kindOf(order.type) !== kind) throw new AppError('notFound');
      return { data: order };
    });
  }
}
