import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { Db } from '../../db/pool.ts';
import { getOrderDetail } from './order-detail.ts';
import { kindOf, orderId, PATH, RESOURCE } from './order-routes-shared.ts';

export function registerGetOrder(app: FastifyInstance, deps: { db: Db }): void {
  for (const kind of ['rent', 'sale'] as const) {
    app.get(
      `/api/nine/${PATH[kind]}/:id`,
      { config: { access: { resource: RESOURCE[kind], action: 'view' } } },
      async (request) => {
        const order = await getOrderDetail(deps.db.pool, orderId(request), request.auth!.locationId!);
        if (kindOf(order.type) !== kind) throw new AppError('notFound');
        return { data: order };
      },
    );
  }
}
