import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import {
  tourParticipantInput,
  tourParticipantUpdate,
  type OrderParticipants,
} from '@nine/shared/schemas/tours/participants';
import { exec } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { audit } from '../../lib/audit.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { createTourEventService, EVENT_READ } from './event-service.ts';
import {
  addParticipant,
  changeParticipant,
  participantNow,
  loadOrder,
  orderInScope,
  orderOfParticipant,
  participantsOf,
  questionsOf,
  refuseNul,
  seatsOf,
  storedParticipant,
  termsInForce,
  type OrderContext,
} from './participant-service.ts';
import type { TourDeps } from './register-tours.ts';
import { consentText } from './waiver-service.ts';
import type { Queryable } from '../../db/sql.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

/** The participants block of an order: seats, who filled them, who signed the terms in force. */
export async function orderParticipantsView(
  q: Queryable,
  ctx: OrderContext,
  consent: string,
): Promise<OrderParticipants> {
  const terms = await termsInForce(q, ctx.terms_id);
  const [seats, questions, participants] = await Promise.all([
    seatsOf(q, ctx.order_id),
    questionsOf(q, ctx.definition_id),
    participantsOf(q, ctx.order_id, terms?.version_id ?? null),
  ]);
  return {
    order_id: ctx.order_id,
    kind: ctx.type,
    required_fields: ctx.required_fields,
    questions,
    terms: terms && {
      terms_id: terms.terms_id,
      version_id: terms.version_id,
      title: terms.title,
      number: terms.number,
    },
    consent_text: consent,
    seats,
    participants,
    filled: participants.length,
    signed: participants.filter((p) => p.waiver?.current).length,
    seats_total: seats.reduce((sum, s) => sum + s.quantity, 0),
  };
}

/**
 * The participants of a tour reservation or a rent order at the counter (issue #20): listed with their waiver
 * status, added, edited (a correction after signing leaves the waiver as signed and asks for a new signature),
 * removed while unsigned (1792 once signed). Every write locks the order first, so the seat count per age group
 * holds under concurrent adds.
 */
export function registerParticipantRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const events = createTourEventService({ auth: deps.auth, now });

  app.get('/api/nine/tours/orders/:id/participants', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const data = await transaction(
      db,
      async (client) => {
        const ctx = await loadOrder(client, id, actor.locationId, now());
        // A guide without tour:change sees the orders of the departures they lead only, as on the manifest.
        if (!ctx || !(await orderInScope(client, ctx.order_id, scope))) throw new AppError('notFound');
        return orderParticipantsView(
          client,
          ctx,
          consentText(deps.translate, request.headers['accept-language']),
        );
      },
      { readOnly: true },
    );
    return { data };
  });

  app.post(
    '/api/nine/tours/orders/:id/participants',
    { config: { access: TOUR_CHANGE } },
    async (request, reply) => {
      const { id } = parse(bigIdParams, request.params);
      refuseNul(request.body);
      const input = parse(tourParticipantInput, request.body);
      const actor = actorOf(request);
      const data = await transaction(db, async (client) => {
        const ctx = await loadOrder(client, id, actor.locationId, now(), true);
        if (!ctx) throw new AppError('notFound');
        const participantId = await addParticipant(client, ctx, input, { actor, via: 'staff' });
        return participantNow(client, ctx, participantId);
      });
      return reply.code(201).send({ data });
    },
  );

  app.patch('/api/nine/tours/participants/:id', { config: { access: TOUR_CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    refuseNul(request.body);
    const { version, ...input } = parse(tourParticipantUpdate, request.body);
    const actor = actorOf(request);
    const data = await transaction(db, async (client) => {
      const orderId = await orderOfParticipant(client, id, actor.locationId);
      const ctx = orderId === null ? null : await loadOrder(client, orderId, actor.locationId, now(), true);
      const stored = ctx && (await storedParticipant(client, id, ctx.order_id));
      if (!ctx || !stored) throw new AppError('notFound');
      if (stored.version !== version)
        throw new AppError('versionConflict', { data: { version: stored.version } });
      // Staff may correct a signed participant: the waiver then no longer matches and shows as needing a new
      // signature (participantsOf: current false, details_changed true); the signed one stays as evidence.
      await changeParticipant(client, ctx, stored, input, { actor, via: 'staff' });
      return participantNow(client, ctx, id);
    });
    return { data };
  });

  app.delete('/api/nine/tours/participants/:id', { config: { access: TOUR_CHANGE } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    await transaction(db, async (client) => {
      const orderId = await orderOfParticipant(client, id, actor.locationId);
      const ctx = orderId === null ? null : await loadOrder(client, orderId, actor.locationId, now(), true);
      const stored = ctx && (await storedParticipant(client, id, ctx.order_id));
      if (!ctx || !stored) throw new AppError('notFound');
      // A signed waiver is evidence about this participant: it keeps them (the FK has no cascade either).
      if (stored.signed) throw new AppError('waiverSigned');
      await exec(client, 'DELETE FROM tour_participants WHERE id = $1', [id]);
      await audit(client, actor, {
        entity: 'tour_participant',
        entityId: id,
        action: 'deleted',
        data: { old: { ...stored.values, order_id: ctx.order_id } },
      });
    });
    return { data: { id } };
  });
}
