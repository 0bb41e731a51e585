import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import type { TourShareLink } from '@nine/shared/schemas/tours/reservations';
import { exec, maybeOne } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { secretBoxFromEnv } from '../../lib/secret-box.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { newAccessToken } from '../public/order-access-token.ts';
import { shareLinkState, shareLinkUrl } from './reservation-queries.ts';
import type { TourDeps } from './register-tours.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

/** A share link works until a day after its departure ends (design 1.1 decision 10). */
const LINK_AFTER_END_MS = 24 * 3_600_000;

/**
 * A reservation's share link, by which its participants fill in their details and sign: POST makes a new one
 * (any live one stops working: rotation), DELETE revokes it. Only the token's SHA-256 opens it; the token is also
 * kept sealed under the server key so staff can copy the same link again from the detail.
 */
export function registerShareLinkRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const secrets = secretBoxFromEnv();
  const publicUrl = deps.publicUrl ?? '';

  /** The reservation's order locked at the caller's location, with its departure's end (else 404). */
  const lockReservation = (client: Parameters<typeof exec>[0], orderId: number, locationId: number) =>
    maybeOne<{ ends_at: Date; status: string }>(
      client,
      `SELECT e.ends_at, o.status FROM orders o JOIN tour_reservations r ON r.order_id = o.id JOIN tour_events e ON e.id = r.event_id
       WHERE o.id = $1 AND o.location_id = $2 FOR UPDATE OF o`,
      [orderId, locationId],
    );

  app.post(
    '/api/nine/tours/reservations/:id/share-link',
    { config: { access: TOUR_CHANGE } },
    async (request, reply) => {
      const { id } = parse(bigIdParams, request.params);
      const actor = actorOf(request);
      const at = now();
      const data = await transaction(db, async (client): Promise<TourShareLink> => {
        const reservation = await lockReservation(client, id, actor.locationId);
        if (!reservation) throw new AppError('notFound');
        // Nobody signs for a cancelled or closed reservation.
        if (['cancelled', 'pre-cancel', 'closed'].includes(reservation.status))
          throw new AppError('reservationNotCancellable', { data: { status: reservation.status } });
        const expires = new Date(reservation.ends_at.getTime() + LINK_AFTER_END_MS);
        // A departure long over has nobody left to sign.
        if (expires <= at) throw new AppError('eventNotBookable');
        const rotated = await exec(
          client,
          `UPDATE order_access_tokens SET revoked_at = $2
           WHERE order_id = $1 AND purpose = 'share_link' AND revoked_at IS NULL`,
          [id, at],
        );
        const { token, hash } = newAccessToken();
        await exec(
          client,
          `INSERT INTO order_access_tokens (token_hash, order_id, purpose, token_sealed, expires_at, created_by, created_at)
           VALUES ($1, $2, 'share_link', $3, $4, $5, $6)`,
          [hash, id, secrets?.seal(token) ?? null, expires, actor.userId, at],
        );
        await audit(client, actor, {
          entity: 'tour_reservation',
          entityId: id,
          action: rotated ? 'share_link_rotated' : 'share_link_created',
          data: { expires_at: expires.toISOString() },
        });
        return { url: shareLinkUrl(publicUrl, token), expires_at: expires.toISOString() };
      });
      return reply.code(201).send({ data });
    },
  );

  app.delete(
    '/api/nine/tours/reservations/:id/share-link',
    { config: { access: TOUR_CHANGE } },
    async (request) => {
      const { id } = parse(bigIdParams, request.params);
      const actor = actorOf(request);
      const at = now();
      const data = await transaction(db, async (client) => {
        if (!(await lockReservation(client, id, actor.locationId))) throw new AppError('notFound');
        const revoked = await exec(
          client,
          `UPDATE order_access_tokens SET revoked_at = $2
           WHERE order_id = $1 AND purpose = 'share_link' AND revoked_at IS NULL`,
          [id, at],
        );
        if (revoked)
          await audit(client, actor, {
            entity: 'tour_reservation',
            entityId: id,
            action: 'share_link_revoked',
          });
        const state = await shareLinkState(client, id, { publicUrl, secrets }, at);
        // No link was ever made: nothing to revoke.
        if (!state) throw new AppError('notFound');
        return state;
      });
      return { data };
    },
  );
}
