import type { FastifyInstance } from 'fastify';
import { rentOrderCreate, rentOrderQuote, saleOrderCreate } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { idempotencyKeyOf, inTransaction } from '../../lib/idempotency.ts';
import { parse } from '../../lib/validate.ts';
import { getOrderDetail } from './order-detail.ts';
import type { OrderService } from './order-service.ts';

/** POST rent-orders and sale-orders: one transaction each, idempotent with an Idempotency-Key. */
export function registerCreateOrder(app: FastifyInstance, deps: { db: Db; orders: OrderService }): void {
  // The draft priced and checked line by line, booking nothing (rolled back): never 1207/1208.
  app.post(
    '/api/nine/rent-orders/quote',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request) => {
      const input = parse(rentOrderQuote, request.body);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const client = await deps.db.pool.connect();
      try {
        await client.query('BEGIN READ ONLY');
        return { data: await deps.orders.assessRentDraft(client, actor, input, false) };
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    },
  );

  app.post(
    '/api/nine/rent-orders',
    { config: { access: { resource: 'rent_order', action: 'change' } } },
    async (request, reply) => {
      const input = parse(rentOrderCreate, request.body);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const result = await inTransaction(
        deps.db,
        {
          userId: actor.userId,
          key: idempotencyKeyOf(request.headers),
          fingerprint: ['POST rent-orders', actor.locationId, input],
        },
        async (client) => {
          const id = await deps.orders.createRentOrder(client, actor, input);
          return { status: 201, body: { data: await getOrderDetail(client, id, actor.locationId) } };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/api/nine/sale-orders',
    { config: { access: { resource: 'sell_order', action: 'change' } } },
    async (request, reply) => {
      const input = parse(saleOrderCreate, request.body);
      const actor = { userId: request.auth!.userId, locationId: request.auth!.locationId! };
      const result = await inTransaction(
        deps.db,
        {
          userId: actor.userId,
          key: idempotencyKeyOf(request.headers),
          fingerprint: ['POST sale-orders', actor.locationId, input],
        },
        async (client) => {
          const id = await deps.orders.createSaleOrder(client, actor, input);
          return { status: 201, body: { data: await getOrderDetail(client, id, actor.locationId) } };
        },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(result.status).send(result.body);
    },
  );
}
