import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  tourEventCancelWithReservations,
  type TourEventCancelledWithReservations,
} from '@nine/shared/schemas/tours/reservation-changes';
import { canMoveTourEvent } from '@nine/shared/tour-event-status';
import { exec, one, rows } from '../../db/sql.ts';
import { audit } from '../../lib/audit.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { createTourEventService } from './event-service.ts';
import type { TourDeps } from './register-tours.ts';
import { cancelLockedReservation, lockOrderRow, readEvent } from './reservation-cancel.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

/**
 * Cancelling a departure with its reservations (design D6, the other half of 1764 eventHasReservations): in
 * one transaction every live reservation is cancelled with a full refund and no fee (the business called
 * it off), the waiting list is closed, and the event is cancelled. A reservation already checked in stops it
 * (1784, data.order_id).
 */
export function registerEventCancelWithReservations(app: FastifyInstance, deps: TourDeps): void {
  const events = createTourEventService({ auth: deps.auth, now: deps.now });

  idempotentRoute(
    app,
    deps.db,
    {
      url: '/api/nine/tours/events/:id/cancel-with-reservations',
      access: TOUR_CHANGE,
      params: bigIdParams,
      body: tourEventCancelWithReservations,
      omit: ['access_key'],
      status: 200,
    },
    async (client, actor, input, { id }): Promise<TourEventCancelledWithReservations> => {
      const locked = await events.lockEvent(client, id, actor.locationId);
      events.checkVersion(locked.version, input.version);
      if (!canMoveTourEvent(locked.status, 'cancelled', locked.starts_at > events.now()))
        throw new AppError('eventTransitionRefused', { data: { from: locked.status, to: 'cancelled' } });
      const event = await readEvent(client, id);
      const live = await rows<{ order_id: number }>(
        client,
        `SELECT r.order_id FROM tour_reservations r JOIN orders o ON o.id = r.order_id
         WHERE r.event_id = $1 AND o.status NOT IN ('pre-cancel', 'cancelled')
         ORDER BY EXISTS (SELECT 1 FROM online_payment_intents i WHERE i.order_id = r.order_id AND i.payment_id IS NOT NULL),
                  r.order_id`,
        [id],
      );
      // Orders paid online last: a refusal at the counter (drawer, approval) comes before any provider refund.
      let refunded = 0;
      for (const { order_id } of live) {
        const order = await lockOrderRow(client, order_id);
        if (!['pending', 'confirmed'].includes(order.status))
          throw new AppError('reservationNotCancellable', { data: { status: order.status, order_id } });
        const result = await cancelLockedReservation(
          client,
          actor,
          deps,
          { order, event },
          { bp: 0, minor: 0 },
          {
            reason: `Departure cancelled: ${input.reason}`,
            access_key: input.access_key,
            cash_register_id: input.cash_register_id,
          },
          events.now(),
        );
        refunded += result.refunded_minor;
      }
      await exec(
        client,
        `UPDATE tour_waitlist SET status = 'removed', version = version + 1
         WHERE event_id = $1 AND status IN ('waiting', 'offered')`,
        [id],
      );
      const { version } = await one<{ version: number }>(
        client,
        `UPDATE tour_events SET status = 'cancelled', status_reason = $2, version = version + 1, updated_at = now()
         WHERE id = $1 RETURNING version`,
        [id, input.reason],
      );
      await audit(client, actor, {
        entity: 'tour_event',
        entityId: id,
        action: 'status',
        data: {
          old: locked.status,
          new: 'cancelled',
          reason: input.reason,
          cancelled_order_ids: live.map((r) => r.order_id),
          refunded_minor: refunded,
        },
      });
      return {
        event_id: id,
        version,
        cancelled_order_ids: live.map((r) => r.order_id),
        refunded_minor: refunded,
      };
    },
  );
}
