import { AppError } from '@nine/shared/errors';
import { ADULT_AGE, SIGNATURE_MAX_BYTES, type TourWaiver } from '@nine/shared/schemas/tours/participants';
import { one, maybeOne, type Queryable } from '../../db/sql.ts';
import { audit } from '../../lib/audit.ts';
import { pickLanguage, type Translate } from '../../lib/translator.ts';
import {
  ageDay,
  ageOn,
  questionsOf,
  seatsOf,
  ORDER_IN_SCOPE_SQL,
  SIGNED_CONTENT_CURRENT_SQL,
  termsInForce,
  type CreatedVia,
  type OrderContext,
} from './participant-service.ts';
import { checkPng, SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from './signature-png.ts';
import { verifyWaiver, waiverContent, waiverContentHash } from './waiver-content.ts';

// Signing a waiver (issue #20): the counter's tablet and the public page both come here, under the order's lock.
// A signature is appended, never changed: a second one for the same participant supersedes the first.

/** The smallest PNG the column takes: the signature pad never draws one smaller. */
const PNG_MIN_BYTES = 67;

/** The PNG bytes of a data URL, checked whole (chunks, CRCs, size, image data: signature-png.ts), else 1795. */
export function decodeSignature(dataUrl: string): Buffer {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const valid = png.length >= PNG_MIN_BYTES && png.length <= SIGNATURE_MAX_BYTES && checkPng(png) !== null;
  if (!valid)
    throw new AppError('signatureInvalid', {
      data: {
        max_bytes: SIGNATURE_MAX_BYTES,
        max_width: SIGNATURE_MAX_WIDTH,
        max_height: SIGNATURE_MAX_HEIGHT,
      },
    });
  return png;
}

/** A name compared as people write it: case, accents and spacing aside. */
export const comparableName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();

export interface SignRequest {
  term_version_id: number;
  signer_name: string;
  signer_role: 'self' | 'guardian';
  guardian_relation: string | null;
  signature_png: string;
}

export interface SignContext {
  /** The public page: a participant whose waiver is current is not signed for again (1792); staff re-sign. */
  refuseWhenCurrent?: boolean;
  ip: string | null;
  userAgent: string | null;
  createdVia: CreatedVia;
  createdBy: number | null;
  consentText: string;
  now: Date;
}

/**
 * Signs the terms in force for one participant of a locked order. The version signed must be the one in force
 * (else 409 with the current one), a minor or a participant of a guardian-only age group needs a guardian's
 * signature (1791), and the content's hash is computed here from what was shown and entered; audited.
 */
export async function signWaiver(
  client: Queryable,
  ctx: OrderContext,
  participantId: number,
  input: SignRequest,
  sign: SignContext,
): Promise<{ id: number; signed_at: Date; content_sha256: Buffer }> {
  const terms = await termsInForce(client, ctx.terms_id);
  if (!terms) throw new AppError('termsNotPublished');
  if (terms.version_id !== input.term_version_id)
    throw new AppError('versionConflict', {
      data: { term_version_id: terms.version_id, number: terms.number },
    });
  const p = await maybeOne<{
    id: number;
    first_name: string;
    last_name: string;
    birth_date: string | null;
    age_group_id: number | null;
    email: string | null;
    phone: string | null;
    emergency_name: string | null;
    emergency_phone: string | null;
    answers: Record<string, boolean | string>;
    age_group_name: string | null;
  }>(
    client,
    `SELECT id, first_name, last_name, birth_date::text AS birth_date, age_group_id, email::text AS email, phone,
            emergency_name, emergency_phone, answers,
            (SELECT a.name::text FROM tour_age_groups a WHERE a.id = age_group_id) AS age_group_name
     FROM tour_participants WHERE id = $1 AND order_id = $2`,
    [participantId, ctx.order_id],
  );
  if (!p) throw new AppError('notFound');
  const group = (await seatsOf(client, ctx.order_id)).find((s) => s.age_group_id === p.age_group_id);
  const minor = p.birth_date !== null && ageOn(p.birth_date, ageDay(ctx)) < ADULT_AGE;
  const minorsGroup = group !== undefined && group.max_age !== null && group.max_age < ADULT_AGE;
  if ((group?.guardian_required || minorsGroup || minor) && input.signer_role !== 'guardian')
    throw new AppError('guardianRequired');
  if (
    input.signer_role === 'self' &&
    comparableName(input.signer_name) !== comparableName(`${p.first_name} ${p.last_name}`)
  )
    throw new AppError('validation', {
      data: { issues: [{ path: 'signer_name', code: 'custom', message: 'name_mismatch' }] },
    });
  const png = decodeSignature(input.signature_png);

  const previous = await maybeOne<{ id: number; current: boolean }>(
    client,
    `SELECT w.id, (w.term_version_id = $2 AND ${SIGNED_CONTENT_CURRENT_SQL}) AS current
     FROM tour_waivers w JOIN tour_participants p ON p.id = w.participant_id
     WHERE w.participant_id = $1 AND NOT EXISTS (SELECT 1 FROM tour_waivers n WHERE n.supersedes_id = w.id)
     ORDER BY w.id DESC LIMIT 1`,
    [participantId, terms.version_id],
  );
  if (sign.refuseWhenCurrent && previous?.current) throw new AppError('waiverSigned');
  // What was shown beside the answers, kept with them: the PDF prints the labels answered, not today's.
  const questions = await questionsOf(client, ctx.definition_id);
  const labels: Record<string, string> = {};
  for (const q of questions) if (String(q.id) in p.answers) labels[String(q.id)] = q.label;
  // Milliseconds only: the stored instant and the one in the signed content must read the same.
  const signedAt = new Date(Math.floor(sign.now.getTime()));
  const content = waiverContent({
    termVersionId: terms.version_id,
    termBodySha256: terms.body_sha256,
    // waiverContent keeps the snapshot's fields only.
    participant: p,
    answers: p.answers,
    questionLabels: labels,
    ageGroupName: p.age_group_name,
    signer: {
      name: input.signer_name,
      role: input.signer_role,
      guardian_relation: input.signer_role === 'guardian' ? input.guardian_relation : null,
    },
    consentText: sign.consentText,
    signedAt,
    signaturePng: png,
  });
  const hash = waiverContentHash(content);
  const row = await one<{ id: number; signed_at: Date }>(
    client,
    `INSERT INTO tour_waivers (participant_id, order_id, term_version_id, signer_name, signer_role,
       guardian_relation, signed_content, content_sha256, signature_png, signed_at, ip, user_agent, supersedes_id,
       created_via, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id, signed_at`,
    [
      participantId,
      ctx.order_id,
      terms.version_id,
      content.signer.name,
      content.signer.role,
      content.signer.guardian_relation,
      JSON.stringify(content),
      hash,
      png,
      signedAt,
      sign.ip,
      sign.userAgent?.slice(0, 512) ?? null,
      previous?.id ?? null,
      sign.createdVia,
      sign.createdBy,
    ],
  );
  await audit(
    client,
    { userId: sign.createdBy, locationId: ctx.location_id },
    {
      entity: 'tour_participant',
      entityId: participantId,
      action: 'waiver_signed',
      data: {
        new: {
          waiver_id: row.id,
          term_version_id: input.term_version_id,
          signer_name: input.signer_name,
          signer_role: input.signer_role,
          content_sha256: hash.toString('hex'),
        },
        // A public page's channel; the counter's signatures are known by their clerk.
        ...(sign.createdVia === 'staff' ? {} : { via: sign.createdVia }),
      },
    },
  );
  return { id: row.id, signed_at: row.signed_at, content_sha256: hash };
}

/** A waiver of the location (in the caller's guide scope, see ORDER_IN_SCOPE_SQL) with its verification, or null. */
export async function getWaiver(
  q: Queryable,
  id: number,
  locationId: number,
  scope: number | null = null,
): Promise<TourWaiver | null> {
  const found = await maybeOne<
    Omit<TourWaiver, 'content_sha256' | 'recomputed_sha256' | 'verified'> & {
      content_sha256: Buffer;
      signature_png: Buffer;
      signed_content: unknown;
      body_sha256: Buffer;
    }
  >(
    q,
    `SELECT w.id, w.participant_id, p.first_name || ' ' || p.last_name AS participant_name, w.order_id,
            w.term_version_id, coalesce(v.title, t.title) AS term_title, v.number AS term_number, w.signer_name,
            w.signer_role, w.guardian_relation, w.signed_at, host(w.ip) AS ip, w.user_agent, w.created_via,
            u.name AS created_by_name, w.supersedes_id,
            (SELECT n.id FROM tour_waivers n WHERE n.supersedes_id = w.id) AS superseded_by_id,
            w.content_sha256, w.signature_png, w.signed_content, v.body_sha256
     FROM tour_waivers w
     JOIN orders o ON o.id = w.order_id
     JOIN tour_participants p ON p.id = w.participant_id
     JOIN tour_term_versions v ON v.id = w.term_version_id
     JOIN tour_terms t ON t.id = v.terms_id
     LEFT JOIN users u ON u.id = w.created_by
     WHERE w.id = $1 AND o.location_id = $2 AND ${ORDER_IN_SCOPE_SQL('$3')}`,
    [id, locationId, scope],
  );
  if (!found) return null;
  const { signature_png, signed_content, content_sha256, body_sha256, ...rest } = found;
  const { recomputed, verified } = verifyWaiver({
    signed_content,
    content_sha256,
    signature_png,
    participant_id: rest.participant_id,
    term_version_id: rest.term_version_id,
    signed_at: new Date(rest.signed_at),
    signer_name: rest.signer_name,
    term_body_sha256: body_sha256,
  });
  return {
    ...rest,
    content_sha256: content_sha256.toString('hex'),
    recomputed_sha256: recomputed.toString('hex'),
    verified,
  };
}

const CONSENT_KEY = 'documents:waiver.consentText';
const CONSENT_FALLBACK =
  'I have read and agree to the terms above, and I confirm the information given is correct.';

/** The consent sentence in the signer's language: shown beside the checkbox and recorded in the waiver. */
export function consentText(translate: Translate | undefined, acceptLanguage: string | undefined): string {
  return translate ? translate(pickLanguage(acceptLanguage), CONSENT_KEY) : CONSENT_FALLBACK;
}
