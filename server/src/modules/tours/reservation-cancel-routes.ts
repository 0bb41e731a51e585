import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { grants } from '@nine/shared/permissions';
import {
  tourReservationCancel,
  type TourReservationCancelled,
} from '@nine/shared/schemas/tours/reservation-changes';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { idempotentRoute } from '../../lib/idempotency.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { EVENT_READ } from './event-service.ts';
import type { TourDeps } from './register-tours.ts';
import {
  afterSeatsFreed,
  cancellationPreview,
  cancelLockedReservation,
  lockReservation,
  readReservation,
} from './reservation-cancel.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

/** Only live reservations not yet checked in are cancelled here. */
const CANCELLABLE = ['pending', 'confirmed'];

/**
 * Cancelling a reservation with the definition's fee tier (design D6): the preview shows what it costs now,
 * the cancel does it in one transaction (reservation-cancel.ts) and offers the freed seats down the waiting list.
 * tour:change cancels with the fee; waiving it needs tour:manage or such a user's access key (design D6).
 */
export function registerReservationCancelRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  app.get(
    '/api/nine/tours/reservations/:id/cancellation-preview',
    { config: { access: EVENT_READ } },
    async (request) => {
      const { id } = parse(bigIdParams, request.params);
      const actor = actorOf(request);
      const data = await transaction(db, async (client) => {
        const r = await readReservation(client, id, actor.locationId);
        return cancellationPreview(client, r, now(), actor.locationId);
      });
      return { data };
    },
  );

  idempotentRoute(
    app,
    db,
    {
      url: '/api/nine/tours/reservations/:id/cancel',
      access: TOUR_CHANGE,
      params: bigIdParams,
      body: tourReservationCancel,
      omit: ['access_key'],
      status: 200,
    },
    async (client, actor, input, { id }): Promise<TourReservationCancelled> => {
      const r = await lockReservation(client, id, actor.locationId);
      if (r.order.version !== input.version)
        throw new AppError('versionConflict', { data: { version: r.order.version } });
      if (!CANCELLABLE.includes(r.order.status))
        throw new AppError('reservationNotCancellable', { data: { status: r.order.status } });
      const at = now();
      const preview = await cancellationPreview(client, r, at, actor.locationId);
      // Waiving a fee there is (design D6): tour:manage, or the access key of a user holding it here.
      let approver: number | null = null;
      if (input.waive_fee && preview.fee_minor > 0) {
        const held = await deps.auth.permissionsAt(actor.userId, actor.locationId, client);
        if (!held || !grants(held, { resource: 'tour', action: 'manage' })) {
          if (!input.access_key || !deps.accessKeys)
            throw new AppError('forbidden', { data: { reason: 'waive_fee' } });
          approver = await deps.accessKeys.approve(client, actor.userId, actor.locationId, input.access_key, {
            resource: 'tour',
            action: 'manage',
          });
        }
      }
      const fee = input.waive_fee ? { bp: 0, minor: 0 } : { bp: preview.fee_bp, minor: preview.fee_minor };
      const reason = input.reason || 'Reservation cancelled';
      const result = await cancelLockedReservation(
        client,
        actor,
        deps,
        r,
        fee,
        { reason, access_key: input.access_key, cash_register_id: input.cash_register_id },
        at,
      );
      const offered = await afterSeatsFreed(client, r.event.id, at);
      await audit(client, actor, {
        entity: 'order',
        entityId: id,
        action: 'tour_cancelled',
        data: {
          event_id: r.event.id,
          reason,
          hours_before: preview.hours_before,
          fee_bp: fee.bp,
          fee_minor: fee.minor,
          fee_from: preview.fee_from,
          waived: input.waive_fee,
          waive_approver: approver,
          refunded_minor: result.refunded_minor,
        },
      });
      return { order_id: id, ...result, offered_waitlist_ids: offered };
    },
  );
}
