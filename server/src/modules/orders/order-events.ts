import type { FastifyInstance } from 'fastify';
import { orderEventRequest, orderNotesUpdate } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { getOrderDetail } from './order-detail.ts';
import { kindOf, orderId, PATH, RESOURCE } from './order-routes-shared.ts';
import type { OrderService } from './order-service.ts';
import { actorOf } from '../../lib/actor.ts';

/** POST …/:id/events (deliver, return, cancel, close, …) and PATCH …/:id/notes; both answer the updated order. */
export function registerOrderEvents(app: FastifyInstance, deps: { db: Db; orders: OrderService }): void {
  for (const kind of ['rent', 'sale'] as const) {
    const access = { resource: RESOURCE[kind], action: 'change' } as const;
    app.post(`/api/nine/${PATH[kind]}/:id/events`, { config: { access } }, async (request) => {
      const id = orderId(request);
      const input = parse(orderEventRequest, request.body);
      const actor = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        await deps.orders.applyEvent(client, actor, id, input, (type) => kindOf(type) === kind);
        return { status: 200, body: await getOrderDetail(client, id, actor.locationId) };
      });
      return { data: result.body };
    });

    app.patch(`/api/nine/${PATH[kind]}/:id/notes`, { config: { access } }, async (request) => {
      const id = orderId(request);
      const input = parse(orderNotesUpdate, request.body);
      const actor = actorOf(request);
      const result = await transaction(deps.db, async (client) => {
        await deps.orders.updateNotes(client, actor, id, input);
        return { status: 200, body: await getOrderDetail(client, id, actor.locationId) };
      });
      return { data: result.body };
    });
  }
}
