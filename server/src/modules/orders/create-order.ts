import type { FastifyInstance } from 'fastify';
import { rentOrderCreate, rentOrderQuote, saleOrderCreate } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { idempotentPost } from '../../lib/idempotency.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { getOrderDetail } from './order-detail.ts';
import type { OrderService } from './order-service.ts';
import { actorOf } from '../../lib/actor.ts';

/** POST rent-orders and sale-orders: one transaction each, idempotent with an Idempotency-Key. */
export function registerCreateOrder(app: FastifyInstance, deps: { db: Db; orders: OrderService }): void {
  // The draft priced and checked line by line, booking nothing (rolled back): never 1207/1208.
  app.post(
    '/api/nine/rent-orders/quote',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request) => {
      const input = parse(rentOrderQuote, request.body);
      const actor = actorOf(request);
      const quote = await transaction(
        deps.db,
        (client) => deps.orders.assessRentDraft(client, actor, input, false),
        {
          readOnly: true,
        },
      );
      return { data: quote };
    },
  );

  app.post(
    '/api/nine/rent-orders',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request, reply) => {
      const input = parse(rentOrderCreate, request.body);
      return idempotentPost(deps.db, request, reply, { input }, async (client, actor) => {
        const id = await deps.orders.createRentOrder(client, actor, input);
        return getOrderDetail(client, id, actor.locationId);
      });
    },
  );

  app.post(
    '/api/nine/sale-orders',
    { config: { access: { resource: 'sell_order', action: 'change' } } },
    async (request, reply) => {
      const input = parse(saleOrderCreate, request.body);
      return idempotentPost(deps.db, request, reply, { input }, async (client, actor) => {
        const id = await deps.orders.createSaleOrder(client, actor, input);
        return getOrderDetail(client, id, actor.locationId);
      });
    },
  );
}
