import type { FastifyInstance } from 'fastify';
import { AppError } from '@nine/shared/errors';
import { waiverSignInput } from '@nine/shared/schemas/tours/participants';
import { maybeOne, rows } from '../../db/sql.ts';
import { actorOf } from '../../lib/actor.ts';
import { bigIdParams } from '../../lib/id-param.ts';
import { transaction } from '../../lib/transaction.ts';
import { pickLanguage, type Translate } from '../../lib/translator.ts';
import { parse } from '../../lib/validate.ts';
import type { Language } from '@nine/shared/constants';
import { createTourEventService, EVENT_READ } from './event-service.ts';
import { loadOrder, ORDER_IN_SCOPE_SQL, orderOfParticipant, refuseNul } from './participant-service.ts';
import type { TourDeps } from './register-tours.ts';
import type { WaiverContent } from './waiver-content.ts';
import { sha256Hex, verifyWaiver } from './waiver-content.ts';
import { renderWaiverPdf } from './waiver-pdf.ts';
import { consentText, getWaiver, signWaiver } from './waiver-service.ts';
import { TOUR_CHANGE } from './tour-settings-routes.ts';

/** The request's address as the proxy chain reports it (Fastify's trustProxy decides), for the record. */
const clientIp = (ip: string | undefined) => (ip && /^[0-9a-fA-F:.]+$/.test(ip) ? ip : null);

/** Reads a documents label, falling back to the key's last part when no translator is wired (tests of parts). */
function labeller(translate: Translate | undefined, lang: Language) {
  return (key: string, params?: Record<string, string | number>) =>
    translate ? translate(lang, `documents:waiver.${key}`, params) : key;
}

/**
 * Signed waivers at the counter (issue #20): a participant signs on the counter's tablet (created_via 'staff',
 * created_by the clerk), a waiver is read back with a check that its hash still matches what it says was
 * signed, and printed as a PDF.
 */
export function registerWaiverRoutes(app: FastifyInstance, deps: TourDeps): void {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  // A guide without tour:change reads the waivers of the departures they lead only, as on the manifest.
  const events = createTourEventService({ auth: deps.auth, now });

  app.post(
    '/api/nine/tours/participants/:id/waivers',
    { config: { access: TOUR_CHANGE } },
    async (request, reply) => {
      const { id } = parse(bigIdParams, request.params);
      refuseNul(request.body);
      const input = parse(waiverSignInput, request.body);
      const actor = actorOf(request);
      const data = await transaction(db, async (client) => {
        const orderId = await orderOfParticipant(client, id, actor.locationId);
        const ctx = orderId === null ? null : await loadOrder(client, orderId, actor.locationId, now(), true);
        if (!ctx) throw new AppError('notFound');
        const signed = await signWaiver(client, ctx, id, input, {
          ip: clientIp(request.ip),
          userAgent: request.headers['user-agent'] ?? null,
          createdVia: 'staff',
          createdBy: actor.userId,
          consentText: consentText(deps.translate, request.headers['accept-language']),
          now: now(),
        });
        return (await getWaiver(client, signed.id, actor.locationId))!;
      });
      return reply.code(201).send({ data });
    },
  );

  app.get('/api/nine/tours/waivers/:id', { config: { access: EVENT_READ } }, async (request) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const waiver = await getWaiver(db.pool, id, actor.locationId, scope);
    if (!waiver) throw new AppError('notFound');
    return { data: waiver };
  });

  app.get('/api/nine/tours/waivers/:id/pdf', { config: { access: EVENT_READ } }, async (request, reply) => {
    const { id } = parse(bigIdParams, request.params);
    const actor = actorOf(request);
    const scope = await events.scopeOf(db.pool, actor);
    const found = await maybeOne<{
      signed_content: WaiverContent;
      content_sha256: Buffer;
      signature_png: Buffer;
      signed_at: Date;
      participant_id: number;
      term_version_id: number;
      signer_name: string;
      body_sha256: Buffer;
      ip: string | null;
      user_agent: string | null;
      supersedes_id: number | null;
      body_text: string;
      term_title: string;
      term_number: number;
      order_number: string;
      time_zone: string;
      definition_id: number | null;
      site_title: string;
    }>(
      db.pool,
      `SELECT w.signed_content, w.content_sha256, w.signature_png, w.signed_at, w.participant_id, w.term_version_id,
              w.signer_name, v.body_sha256, host(w.ip) AS ip, w.user_agent,
              w.supersedes_id, v.body_text, coalesce(v.title, t.title) AS term_title, v.number AS term_number,
              o.number::text AS order_number, l.time_zone, e.definition_id, b.site_title
       FROM tour_waivers w
       JOIN orders o ON o.id = w.order_id
       JOIN locations l ON l.id = o.location_id
       JOIN tour_term_versions v ON v.id = w.term_version_id
       JOIN tour_terms t ON t.id = v.terms_id
       LEFT JOIN tour_reservations r ON r.order_id = o.id
       LEFT JOIN tour_events e ON e.id = r.event_id
       CROSS JOIN business_info b
       WHERE w.id = $1 AND o.location_id = $2 AND ${ORDER_IN_SCOPE_SQL('$3')}`,
      [id, actor.locationId, scope],
    );
    if (!found) throw new AppError('notFound');
    const lang = pickLanguage(request.headers['accept-language']);
    const label = labeller(deps.translate, lang);
    // What was signed comes from the signed content, not from today's rows (labels: older rows lack them).
    const c = found.signed_content;
    const p = c.participant;
    const { recomputed, verified } = verifyWaiver({
      signed_content: c,
      content_sha256: found.content_sha256,
      signature_png: found.signature_png,
      participant_id: found.participant_id,
      term_version_id: found.term_version_id,
      signed_at: found.signed_at,
      signer_name: found.signer_name,
      term_body_sha256: found.body_sha256,
    });
    const [questions, group] = await Promise.all([
      rows<{ id: number; label: string }>(
        db.pool,
        'SELECT id, label FROM tour_definition_questions WHERE definition_id = $1',
        [found.definition_id],
      ),
      maybeOne<{ name: string }>(db.pool, 'SELECT name::text AS name FROM tour_age_groups WHERE id = $1', [
        p.age_group_id,
      ]),
    ]);
    const answerText = (v: boolean | string) => (v === true ? label('yes') : v === false ? label('no') : v);
    const signedAtText = `${new Intl.DateTimeFormat(lang, {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: found.time_zone,
    }).format(found.signed_at)} (${found.signed_at.toISOString()})`;
    const role =
      c.signer.role === 'guardian'
        ? label('roleGuardian', { relation: c.signer.guardian_relation ?? '' })
        : c.signer.role === 'self'
          ? label('roleSelf')
          : label('roleStaffWitness');
    const hex = found.content_sha256.toString('hex');
    const pdf = await renderWaiverPdf({
      labels: {
        title: label('title'),
        terms: label('terms', { title: found.term_title, number: found.term_number }),
        participant: label('participant'),
        birthDate: label('birthDate'),
        ageGroup: label('ageGroup'),
        email: label('email'),
        phone: label('phone'),
        emergency: label('emergency'),
        answers: label('answers'),
        signer: label('signer'),
        signerValue: `${c.signer.name}, ${role}`,
        signedAt: label('signedAt'),
        ip: label('ip'),
        userAgent: label('userAgent'),
        signature: label('signature'),
        consent: label('consent'),
        order: label('order', { number: found.order_number }),
        sha256: label('sha256', { hash: hex }),
        verification: label(verified ? 'verified' : 'notVerified', { hash: recomputed.toString('hex') }),
        signatureUnreadable: label('signatureUnreadable', { hash: sha256Hex(found.signature_png) }),
        supersedes: found.supersedes_id === null ? null : label('supersedes', { id: found.supersedes_id }),
        page: (page, pages) => label('page', { page, pages }),
      },
      businessName: found.site_title,
      termsText: found.body_text,
      participantName: `${p.first_name} ${p.last_name}`,
      birthDate: p.birth_date,
      ageGroup: c.age_group_name !== undefined ? c.age_group_name : (group?.name ?? null),
      email: p.email,
      phone: p.phone,
      emergency: [p.emergency_name, p.emergency_phone].filter(Boolean).join(', ') || null,
      answers: Object.entries(c.answers).map(([key, value]) => ({
        label: c.question_labels?.[key] ?? questions.find((q) => String(q.id) === key)?.label ?? `#${key}`,
        answer: answerText(value),
      })),
      consentText: c.consent_text,
      signedAtText,
      signedAt: found.signed_at,
      ip: found.ip,
      userAgent: found.user_agent,
      signaturePng: found.signature_png,
      sha256Hex: hex,
    });
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `inline; filename="waiver-${id}.pdf"`);
    return reply.send(Buffer.from(pdf));
  });
}
