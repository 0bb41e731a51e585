import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { waiverSignInput } from '@nine/shared/schemas/tours/participants';
import {
  publicParticipantInput,
  publicParticipantUpdate,
  publicTokenParticipantPath,
  publicTokenPath,
  type PublicParticipant,
  type PublicParticipantPage,
} from '@nine/shared/schemas/tours/public';
import type { TourParticipant } from '@nine/shared/schemas/tours/participants';
import { one, type Queryable } from '../../db/sql.ts';
import { transaction } from '../../lib/transaction.ts';
import { parse } from '../../lib/validate.ts';
import { logoUrlSql } from '../settings/business-logo-routes.ts';
import {
  addParticipant,
  changeParticipant,
  participantNow,
  ENDED_STATUSES,
  loadOrder,
  participantsOf,
  questionsOf,
  refuseNul,
  seatsOf,
  storedParticipant,
  termsInForce,
  type OrderContext,
} from '../tours/participant-service.ts';
import { consentText, signWaiver } from '../tours/waiver-service.ts';
import { hitTokenBuckets, resolveAccessToken, type OrderAccess } from './order-access-token.ts';
import type { PublicDeps } from './register-public.ts';

/**
 * Hits per minute, in buckets of their own (see the payment routes' `pay-read:`): reads per address (a family
 * on one Wi-Fi, a shop's kiosk and tablets behind one NAT) and per token (one group's page, polled while open),
 * and tighter writes (adding, correcting, signing).
 */
export const PARTICIPANT_LIMITS = { readIp: 300, readToken: 120, writeIp: 120, writeToken: 60 } as const;

/** The client's address as Fastify reports it (its trustProxy setting decides). */
export const ipOf = (request: FastifyRequest): string => request.ip || 'unknown';
/** A valid inet for the waiver's record, else null. */
const inetOf = (ip: string) => (/^[0-9a-fA-F:.]+$/.test(ip) ? ip : null);

const toPublic = (p: TourParticipant): PublicParticipant => ({
  id: p.id,
  first_name: p.first_name,
  last_initial: `${[...p.last_name][0] ?? ''}.`,
  age_group_id: p.age_group_id,
  is_organiser: p.is_organiser,
  signed: p.waiver?.current ?? false,
  version: p.version,
});

/**
 * The participant page behind a reservation's share link or an easy-sign token (issue #20): the group's
 * departure, seats and names (first name and last initial), the terms to sign, and the balance; adding oneself,
 * correcting it until signed, and signing. Every miss (unknown, malformed, expired, revoked token; an order
 * closed or cancelled; another order's participant) is the same 404.
 */
export function registerPublicParticipantRoutes(app: FastifyInstance, deps: PublicDeps): void {
  const { db, rateLimit, now } = deps;

  /** Counts the hit, then opens the token's order (locked for a write), or answers 404. */
  async function open(
    request: FastifyRequest,
    q: Queryable,
    lock: boolean,
  ): Promise<{ access: OrderAccess; ctx: OrderContext }> {
    const access = await resolveAccessToken(q, (request.params as { token: string }).token, now());
    const ctx = access && (await loadOrder(q, access.order_id, access.location_id, now(), lock));
    if (!access || !ctx || ENDED_STATUSES.includes(ctx.status)) throw new AppError('notFound');
    return { access, ctx };
  }
  const limit = (request: FastifyRequest, kind: 'read' | 'write') =>
    hitTokenBuckets(
      rateLimit,
      request,
      `part-${kind}`,
      kind === 'read'
        ? { ip: PARTICIPANT_LIMITS.readIp, token: PARTICIPANT_LIMITS.readToken }
        : { ip: PARTICIPANT_LIMITS.writeIp, token: PARTICIPANT_LIMITS.writeToken },
    );

  app.get('/api/nine/public/participant/:token', { config: { access: 'public' } }, async (request) => {
    await limit(request, 'read');
    parse(publicTokenPath, request.params);
    const data = await transaction(
      db,
      async (client): Promise<PublicParticipantPage> => {
        const { ctx } = await open(request, client, false);
        const terms = await termsInForce(client, ctx.terms_id);
        const [seats, questions, participants, business] = await Promise.all([
          seatsOf(client, ctx.order_id),
          questionsOf(client, ctx.definition_id),
          participantsOf(client, ctx.order_id, terms?.version_id ?? null),
          one<{ site_title: string; logo_url: string | null; payments_enabled: boolean; currency: string }>(
            client,
            `SELECT b.site_title, ${logoUrlSql('b.site_logo')} AS logo_url,
                    b.accept_external_payments AS payments_enabled,
                    coalesce((SELECT g.currency_code FROM general_settings g WHERE g.location_id = $1), 'USD') AS currency
             FROM business_info b`,
            [ctx.location_id],
          ),
        ]);
        const shown = participants.map(toPublic);
        return {
          business: { site_title: business.site_title, logo_url: business.logo_url },
          order: { number: ctx.number, kind: ctx.type },
          event:
            ctx.event_id === null
              ? null
              : {
                  name: ctx.definition_name ?? '',
                  starts_at: ctx.starts_at!.toISOString(),
                  ends_at: ctx.ends_at!.toISOString(),
                  time_zone: ctx.time_zone,
                  meeting_point:
                    ctx.meeting_point_name === null
                      ? null
                      : {
                          name: ctx.meeting_point_name,
                          address: ctx.meeting_point_address,
                          instructions: ctx.meeting_point_instructions,
                        },
                  what_to_bring: ctx.what_to_bring,
                },
          seats,
          participants: shown,
          filled: shown.length,
          signed: shown.filter((p) => p.signed).length,
          required_fields: ctx.required_fields,
          questions,
          terms: terms && {
            version_id: terms.version_id,
            title: terms.title,
            number: terms.number,
            body_html: terms.body_html,
          },
          consent_text: consentText(deps.translate, request.headers['accept-language']),
          balance: {
            total_minor: ctx.total_minor,
            paid_minor: ctx.paid_minor,
            due_minor: Math.max(0, ctx.total_minor - ctx.paid_minor),
            currency: business.currency,
          },
          payments_enabled: business.payments_enabled,
        };
      },
      { readOnly: true },
    );
    return { data };
  });

  app.post(
    '/api/nine/public/participant/:token/participants',
    { config: { access: 'public' } },
    async (request, reply) => {
      await limit(request, 'write');
      refuseNul(request.body);
      parse(publicTokenPath, request.params);
      const input = parse(publicParticipantInput, request.body);
      const data = await transaction(db, async (client) => {
        const { access, ctx } = await open(request, client, true);
        const id = await addParticipant(client, ctx, input, {
          actor: { userId: null, locationId: ctx.location_id },
          via: access.purpose,
        });
        return toPublic(await participantNow(client, ctx, id));
      });
      return reply.code(201).send({ data });
    },
  );

  app.patch(
    '/api/nine/public/participant/:token/participants/:id',
    { config: { access: 'public' } },
    async (request) => {
      await limit(request, 'write');
      refuseNul(request.body);
      const { id: rawId } = parse(publicTokenParticipantPath, request.params);
      const { version, ...changes } = parse(publicParticipantUpdate, request.body);
      const id = Number(rawId);
      const data = await transaction(db, async (client) => {
        const { access, ctx } = await open(request, client, true);
        const stored = await storedParticipant(client, id, ctx.order_id);
        if (!stored) throw new AppError('notFound');
        if (stored.version !== version)
          throw new AppError('versionConflict', { data: { version: stored.version } });
        if (stored.signed) throw new AppError('waiverSigned');
        await changeParticipant(
          client,
          ctx,
          stored,
          { ...stored.values, ...changes },
          { actor: { userId: null, locationId: ctx.location_id }, via: access.purpose },
        );
        return toPublic(await participantNow(client, ctx, id));
      });
      return { data };
    },
  );

  app.post(
    '/api/nine/public/participant/:token/participants/:id/waiver',
    { config: { access: 'public' } },
    async (request, reply) => {
      await limit(request, 'write');
      refuseNul(request.body);
      const { id: rawId } = parse(publicTokenParticipantPath, request.params);
      const input = parse(waiverSignInput, request.body);
      const id = Number(rawId);
      const data = await transaction(db, async (client) => {
        const { access, ctx } = await open(request, client, true);
        const signed = await signWaiver(client, ctx, id, input, {
          ip: inetOf(ipOf(request)),
          userAgent: request.headers['user-agent'] ?? null,
          createdVia: access.purpose,
          createdBy: null,
          // A signature in force is not replaced from the public page: corrections are made at the counter.
          refuseWhenCurrent: true,
          consentText: consentText(deps.translate, request.headers['accept-language']),
          now: now(),
        });
        return {
          waiver_id: signed.id,
          participant_id: id,
          signed_at: signed.signed_at.toISOString(),
          content_sha256: signed.content_sha256.toString('hex'),
        };
      });
      return reply.code(201).send({ data });
    },
  );
}
