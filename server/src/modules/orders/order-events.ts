import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { orderEventRequest, orderNotesUpdate } from '@nine/shared/schemas/orders';
import type { Db } from '../../db/pool.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { getOrderDetail } from './order-detail.ts';
import { maybeOne } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';
import type { AuthService } from '../auth/auth-service.ts';
import { assertOrderPermission, kindOf, orderId, orderRouteAccess, PATH } from './order-routes-shared.ts';
import type { OrderService } from './order-service.ts';
import { actorOf } from '../../lib/actor.ts';

/** POST …/:id/events (deliver, return, cancel, close, …) and PATCH …/:id/notes; both answer the updated order. */
export function registerOrderEvents(
  app: FastifyInstance,
  deps: { db: Db; orders: OrderService; auth: AuthService },
): void {
  // The rent view's routes serve tour reservations too, with the tour permission (orderRouteAccess).
  const mayChange = async (userId: number, id: number, locationId: number) => {
    const order = await maybeOne<Pick<Tables['orders'], 'type'>>(
      deps.db.pool,
      'SELECT type FROM orders WHERE id = $1 AND location_id = $2',
      [id, locationId],
    );
    // An order not found here is answered by the change itself (404).
    if (order) await assertOrderPermission(deps.auth, userId, order.type, locationId, 'change');
    return order?.type ?? null;
  };
  for (const kind of ['rent', 'sale'] as const) {
    const access = orderRouteAccess(kind, 'change');
    app.post(`/api/nine/${PATH[kind]}/:id/events`, { config: { access } }, async (request) => {
      const id = orderId(request);
      const input = parse(orderEventRequest, request.body);
      const actor = actorOf(request);
      const type = await mayChange(actor.userId, id, actor.locationId);
      // A tour reservation is cancelled by POST /tours/reservations/:id/cancel: its fee, the waitlist offer
      // and the private departure's release live there, not in the order machine.
      if (type === 'tour' && (input.type === 'CANCEL' || input.type === 'CANCEL_ITEMS'))
        throw new AppError('reservationNotCancellable', { data: { reason: 'use_reservation_cancel' } });
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
      await mayChange(actor.userId, id, actor.locationId);
      const result = await transaction(deps.db, async (client) => {
        await deps.orders.updateNotes(client, actor, id, input);
        return { status: 200, body: await getOrderDetail(client, id, actor.locationId) };
      });
      return { data: result.body };
    });
  }
}
