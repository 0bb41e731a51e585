import type pg from 'pg';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { rentOrderCreate, rentOrderQuote, saleOrderCreate } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { getOrderDetail } from './order-detail.ts';
import type { OrderService } from './order-service.ts';
import { actorOf, type Actor } from '../../lib/actor.ts';
import type { OrderListKind } from './order-list.ts';
import { PATH, RESOURCE } from './order-routes-shared.ts';

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

  // Rent and sale orders are created alike: one idempotent POST each, answering the order's detail.
  const create = <B>(
    kind: OrderListKind,
    body: z.ZodType<B>,
    work: (client: pg.PoolClient, actor: Actor, input: B) => Promise<number>,
  ) =>
    idempotentRoute(
      app,
      deps.db,
      { url: `/api/nine/${PATH[kind]}`, access: { resource: RESOURCE[kind], action: 'change' }, body },
      async (client, actor, input) =>
        getOrderDetail(client, await work(client, actor, input), actor.locationId),
    );
  create('rent', rentOrderCreate, deps.orders.createRentOrder);
  create('sale', saleOrderCreate, deps.orders.createSaleOrder);
}
