import { createHash } from 'node:crypto';
import { canonicalJson } from './tour-terms-body.ts';

// What a signed waiver is evidence of, and its fingerprint. Pure: the signing routes, the verification, the PDF
// and the demo seed all build the same canonical JSON, so a hash computed anywhere matches.

/** The participant as it stood at signing. */
export interface WaiverParticipantSnapshot {
  id: number;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  age_group_id: number | null;
  email: string | null;
  phone: string | null;
  emergency_name: string | null;
  emergency_phone: string | null;
}

export interface WaiverSigner {
  name: string;
  role: 'self' | 'guardian' | 'staff_witness';
  guardian_relation: string | null;
}

/** Exactly what was signed: stored as tour_waivers.signed_content, hashed into content_sha256. */
export interface WaiverContent {
  term_version_id: number;
  /** The terms version's body fingerprint (tour_term_versions.body_sha256), hex. */
  term_body_sha256: string;
  participant: WaiverParticipantSnapshot;
  answers: Record<string, boolean | string>;
  /** The questions' labels as shown, by answer key (signatures since the review; older rows lack it). */
  question_labels?: Record<string, string>;
  /** The participant's age group's name at signing (signatures since the review). */
  age_group_name?: string | null;
  signer: WaiverSigner;
  /** The consent sentence the signer agreed to, in the language it was shown in. */
  consent_text: string;
  /** ISO 8601 UTC with milliseconds; the row's signed_at is the same instant. */
  signed_at: string;
  /** SHA-256 of the signature image's bytes, hex: ties the picture to the hash. */
  signature_png_sha256: string;
}

export interface WaiverContentInput {
  termVersionId: number;
  termBodySha256: Buffer;
  participant: WaiverParticipantSnapshot;
  answers: Record<string, boolean | string>;
  questionLabels?: Record<string, string>;
  ageGroupName?: string | null;
  signer: WaiverSigner;
  consentText: string;
  signedAt: Date;
  signaturePng: Buffer;
}

export const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

/** The content a waiver signs; values are plain JSON so jsonb gives back the same canonical text. */
export function waiverContent(input: WaiverContentInput): WaiverContent {
  const p = input.participant;
  return {
    term_version_id: input.termVersionId,
    term_body_sha256: input.termBodySha256.toString('hex'),
    participant: {
      id: p.id,
      first_name: p.first_name,
      last_name: p.last_name,
      birth_date: p.birth_date,
      age_group_id: p.age_group_id,
      email: p.email,
      phone: p.phone,
      emergency_name: p.emergency_name,
      emergency_phone: p.emergency_phone,
    },
    answers: { ...input.answers },
    ...(input.questionLabels ? { question_labels: { ...input.questionLabels } } : {}),
    ...(input.ageGroupName !== undefined ? { age_group_name: input.ageGroupName } : {}),
    signer: {
      name: input.signer.name,
      role: input.signer.role,
      guardian_relation: input.signer.guardian_relation,
    },
    consent_text: input.consentText,
    signed_at: input.signedAt.toISOString(),
    signature_png_sha256: sha256Hex(input.signaturePng),
  };
}

/** The canonical JSON (keys sorted, no spaces) of a waiver's content: what the hash covers. */
export function waiverContentJson(content: WaiverContent | unknown): string {
  return canonicalJson(content);
}

/** SHA-256 of the canonical JSON, 32 bytes (tour_waivers.content_sha256). */
export function waiverContentHash(content: WaiverContent | unknown): Buffer {
  return createHash('sha256').update(waiverContentJson(content), 'utf8').digest();
}

/**
 * Whether a stored waiver still holds together: the content's hash is the stored one, the stored signature image
 * is the one the content names, the row's own columns say what the content says (participant, terms version,
 * instant, signer), and the terms body signed is the version's body.
 */
export function verifyWaiver(stored: {
  signed_content: unknown;
  content_sha256: Buffer;
  signature_png: Buffer;
  /** The row's columns and its terms version's body fingerprint: checked against the content when given. */
  participant_id?: number;
  term_version_id?: number;
  signed_at?: Date;
  signer_name?: string;
  term_body_sha256?: Buffer;
}): {
  recomputed: Buffer;
  verified: boolean;
} {
  const recomputed = waiverContentHash(stored.signed_content);
  const c = stored.signed_content as Partial<WaiverContent> | null;
  const holds =
    recomputed.equals(stored.content_sha256) &&
    c?.signature_png_sha256 === sha256Hex(stored.signature_png) &&
    (stored.participant_id === undefined || Number(c.participant?.id) === Number(stored.participant_id)) &&
    (stored.term_version_id === undefined || Number(c.term_version_id) === Number(stored.term_version_id)) &&
    (stored.signed_at === undefined || c.signed_at === stored.signed_at.toISOString()) &&
    (stored.signer_name === undefined || c.signer?.name === stored.signer_name) &&
    (stored.term_body_sha256 === undefined || c.term_body_sha256 === stored.term_body_sha256.toString('hex'));
  return { recomputed, verified: holds };
}
