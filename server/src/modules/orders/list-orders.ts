import type { FastifyInstance } from 'fastify';
import { orderListQuery } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { parse } from '../../lib/validate.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { listOrders, type OrderListKind } from './order-list.ts';
import { listLocation, PATH, RESOURCE } from './order-routes-shared.ts';

export function registerListOrders(app: FastifyInstance, deps: { db: Db; auth: AuthService }): void {
  for (const kind of ['rent', 'sale'] as OrderListKind[]) {
    const need = { resource: RESOURCE[kind], action: 'view' } as const;
    app.get(`/api/nine/${PATH[kind]}`, { config: { access: need } }, async (request) => {
      const query = parse(orderListQuery, request.query);
      const locationId = await listLocation(request, deps.auth, query.location_id, need);
      return { data: await listOrders(deps.db, kind, locationId, query) };
    });
  }
}
