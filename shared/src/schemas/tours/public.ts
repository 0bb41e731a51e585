import { z } from 'zod';
import {
  birthDate,
  definitionQuestion,
  ORDER_PARTICIPANT_KINDS,
  participantRequiredField,
  participantAnswers,
  participantSeat,
  tourParticipantInput,
} from './participants.ts';

// The pages a customer opens without signing in (issue #20): the participant page behind a reservation's share
// link (or an easy-sign token), easy-sign's order lookup and the public landing page. Bodies are strict: a field
// the page does not need is refused, not ignored.

/** A public token in the path: 43 base64url characters, but any text is taken, so a malformed one answers the same 404 as an unknown one. */
export const publicTokenPath = z.object({ token: z.string() });
export const publicTokenParticipantPath = z.object({
  token: z.string(),
  id: z.string().regex(/^\d{1,15}$/),
});

export const publicBusiness = z.object({
  site_title: z.string(),
  logo_url: z.string().nullable(),
});
export type PublicBusiness = z.infer<typeof publicBusiness>;

/** The departure a reservation is for (absent for a rent order). */
export const publicEvent = z.object({
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  meeting_point: z
    .object({ name: z.string(), address: z.string().nullable(), instructions: z.string().nullable() })
    .nullable(),
  what_to_bring: z.string().nullable(),
});
export type PublicEvent = z.infer<typeof publicEvent>;

/** A participant on the page: first name and last initial only (the link may be forwarded within the group). */
export const publicParticipant = z.object({
  id: z.number(),
  first_name: z.string(),
  last_initial: z.string(),
  age_group_id: z.number().nullable(),
  is_organiser: z.boolean(),
  signed: z.boolean(),
  version: z.number().int(),
});
export type PublicParticipant = z.infer<typeof publicParticipant>;

export const publicTerms = z.object({
  version_id: z.number(),
  title: z.string(),
  number: z.number().int(),
  body_html: z.string(),
});
export type PublicTerms = z.infer<typeof publicTerms>;

export const publicBalance = z.object({
  total_minor: z.number().int(),
  paid_minor: z.number().int(),
  due_minor: z.number().int(),
  currency: z.string(),
});
export type PublicBalance = z.infer<typeof publicBalance>;

/** GET /api/nine/public/participant/:token */
export const publicParticipantPage = z.object({
  business: publicBusiness,
  order: z.object({ number: z.string(), kind: z.enum(ORDER_PARTICIPANT_KINDS) }),
  event: publicEvent.nullable(),
  seats: z.array(participantSeat),
  participants: z.array(publicParticipant),
  filled: z.number().int(),
  signed: z.number().int(),
  required_fields: z.array(participantRequiredField),
  questions: z.array(definitionQuestion),
  /** Null: no published terms apply yet, signing answers termsNotPublished. */
  terms: publicTerms.nullable(),
  /** The consent sentence to show beside the checkbox, in the request's language: it is what the waiver records. */
  consent_text: z.string(),
  balance: publicBalance,
  /** The business takes payments online (business_info.accept_external_payments). */
  payments_enabled: z.boolean(),
});
export type PublicParticipantPage = z.infer<typeof publicParticipantPage>;

/** POST /api/nine/public/participant/:token/participants */
export const publicParticipantInput = tourParticipantInput;
export type PublicParticipantInput = z.input<typeof publicParticipantInput>;
/** PATCH /api/nine/public/participant/:token/participants/:id: the fields to change, with the version read. */
export const publicParticipantUpdate = z
  .object({
    first_name: z.string().trim().min(1).max(80),
    last_name: z.string().trim().min(1).max(80),
    birth_date: z.union([birthDate, z.literal(''), z.null()]).transform((v) => v || null),
    age_group_id: z.number().int().positive().nullable(),
    email: z.union([z.email().max(254), z.literal(''), z.null()]).transform((v) => v || null),
    phone: z.union([z.string().trim().max(40), z.null()]).transform((v) => v || null),
    emergency_name: z.union([z.string().trim().max(120), z.null()]).transform((v) => v || null),
    emergency_phone: z.union([z.string().trim().max(40), z.null()]).transform((v) => v || null),
    // no default here: a PATCH without answers keeps the stored ones
    answers: participantAnswers,
  })
  .partial()
  .extend({ version: z.number().int().min(1).max(2_147_483_647) })
  .strict();
export type PublicParticipantUpdate = z.input<typeof publicParticipantUpdate>;

/** The answer of a public signature: what was signed and its fingerprint. */
export const publicWaiverSigned = z.object({
  waiver_id: z.number(),
  participant_id: z.number(),
  signed_at: z.string(),
  content_sha256: z.string(),
});
export type PublicWaiverSigned = z.infer<typeof publicWaiverSigned>;

/**
 * An order number as people type it ("#0123", "01 23") in one form: '#', spaces and leading zeros dropped. What
 * is left is checked by the server (digits only, at most 18), so a malformed number answers the same 404.
 */
export const normaliseOrderNumber = (raw: string): string =>
  raw
    .replace(/[#\s]/g, '')
    .replace(/^0+(?=\d)/, '')
    .replace(/^0$/, '');
/** POST /api/nine/public/easy-sign/lookup: an order number and the phone or e-mail on the order. */
export const easySignLookup = z
  .object({
    order_number: z.string().trim().min(1).max(40).transform(normaliseOrderNumber),
    contact: z.string().trim().min(3).max(254),
  })
  .strict();
export type EasySignLookup = z.input<typeof easySignLookup>;
/** A 30-minute easy_sign token that opens the participant page. */
export const easySignToken = z.object({ token: z.string(), expires_at: z.string() });
export type EasySignToken = z.infer<typeof easySignToken>;

/** One departure on the landing page. */
export const landingDeparture = z.object({
  event_id: z.number(),
  definition_id: z.number(),
  name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  seats_left: z.number().int(),
  capacity: z.number().int(),
  cover_url: z.string().nullable(),
  meeting_point: z.string().nullable(),
});
export type LandingDeparture = z.infer<typeof landingDeparture>;

/** GET /api/nine/public/landing: the business and the next 14 days' bookable departures (none while tours are off). */
export const publicLanding = z.object({
  business: publicBusiness.extend({
    address: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
  }),
  tours_enabled: z.boolean(),
  departures: z.array(landingDeparture),
});
export type PublicLanding = z.infer<typeof publicLanding>;
