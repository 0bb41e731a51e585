import { z } from 'zod';

// Participants and signed waivers (issue #20, docs/design/tours.md #20): the people on a tour reservation (or a
// rent order's riders), the questions a tour asks each of them, and the waivers they sign.

const version = z.number().int().min(1).max(2_147_483_647);
/** A text a form may leave empty: blank is none. */
const optionalText = (max: number) =>
  z
    .union([z.string().trim().max(max), z.null()])
    .optional()
    .transform((v) => v || null);

// ---- Settings and questions ----

/** The participant fields a location may require (tour_settings.participant_required_fields). */
export const PARTICIPANT_REQUIRED_FIELDS = ['birth_date', 'email', 'phone', 'emergency_contact'] as const;
export const participantRequiredField = z.enum(PARTICIPANT_REQUIRED_FIELDS);
export type ParticipantRequiredField = z.infer<typeof participantRequiredField>;

export const QUESTION_KINDS = ['yes_no', 'short', 'long', 'choice'] as const;
export const questionKind = z.enum(QUESTION_KINDS);
export type QuestionKind = z.infer<typeof questionKind>;
/** The longest answer a 'short' question takes; 'long' takes ANSWER_LONG_MAX. */
export const ANSWER_SHORT_MAX = 200;
export const ANSWER_LONG_MAX = 2000;
export const QUESTIONS_MAX = 30;

/** A question a tour definition asks every participant. */
export const definitionQuestion = z.object({
  id: z.number(),
  label: z.string(),
  kind: questionKind,
  /** The choices of a 'choice' question, else null. */
  options: z.array(z.string()).nullable(),
  required: z.boolean(),
});
export type DefinitionQuestion = z.infer<typeof definitionQuestion>;

/**
 * One question in the definition editor; `options` only for 'choice' (2 to 20 distinct texts). `id`: the saved
 * question it edits, so a relabelled question keeps the id its answers are keyed by.
 */
export const definitionQuestionInput = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    label: z.string().trim().min(1).max(200),
    kind: questionKind,
    options: z.array(z.string().trim().min(1).max(100)).max(20).nullable().optional(),
    required: z.boolean(),
  })
  .refine((q) => q.kind !== 'choice' || (q.options?.length ?? 0) >= 2, {
    message: 'choice_needs_options',
    path: ['options'],
  })
  .refine((q) => !q.options || new Set(q.options).size === q.options.length, {
    message: 'duplicate',
    path: ['options'],
  })
  // Only a choice keeps its options, so switching a question's kind drops them.
  .transform((q) => ({ ...q, options: q.kind === 'choice' ? (q.options ?? []) : null }));
export type DefinitionQuestionInput = z.input<typeof definitionQuestionInput>;

/** The lines of a text box, trimmed, blanks left out. */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** One question in the editor's form: a choice's options typed one per line. */
export const definitionQuestionDraft = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    label: z.string().trim().min(1).max(200),
    kind: questionKind,
    options_text: z.string().max(2100),
    required: z.boolean(),
  })
  .refine((q) => q.kind !== 'choice' || linesOf(q.options_text).length >= 2, {
    message: 'choice_needs_options',
    path: ['options_text'],
  })
  .refine((q) => q.kind !== 'choice' || linesOf(q.options_text).length <= 20, {
    message: 'too_many_options',
    path: ['options_text'],
  })
  .refine((q) => linesOf(q.options_text).every((o) => o.length <= 100), {
    message: 'option_too_long',
    path: ['options_text'],
  })
  .refine((q) => new Set(linesOf(q.options_text)).size === linesOf(q.options_text).length, {
    message: 'duplicate',
    path: ['options_text'],
  })
  .transform(({ options_text, ...q }) => ({
    ...q,
    options: q.kind === 'choice' ? linesOf(options_text) : null,
  }));
export type DefinitionQuestionDraft = z.input<typeof definitionQuestionDraft>;
/** The editor's "Questions for participants" form; its output is the PUT body without the version. */
export const definitionQuestionsForm = z.object({
  questions: z.array(definitionQuestionDraft).max(QUESTIONS_MAX),
});
export type DefinitionQuestionsForm = z.input<typeof definitionQuestionsForm>;

/** PUT /api/nine/tours/definitions/:id/questions: the whole list, in order; bumps the definition's version. */
export const definitionQuestionsUpdate = z.object({
  questions: z.array(definitionQuestionInput).max(QUESTIONS_MAX),
  version,
});
export type DefinitionQuestionsUpdate = z.input<typeof definitionQuestionsUpdate>;
export const definitionQuestionsResult = z.object({
  questions: z.array(definitionQuestion),
  /** The definition's new version. */
  version: z.number().int(),
});
export type DefinitionQuestionsResult = z.infer<typeof definitionQuestionsResult>;

// ---- Participants ----

/** Answers by question id (as a string key): true/false for yes_no, the text or the chosen option otherwise. */
export const participantAnswers = z
  .record(z.string().regex(/^\d{1,10}$/), z.union([z.boolean(), z.string().trim().max(ANSWER_LONG_MAX)]))
  .refine((a) => Object.keys(a).length <= QUESTIONS_MAX, { message: 'too_many' });
export type ParticipantAnswers = z.infer<typeof participantAnswers>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The earliest birth date taken (the column's CHECK). */
export const BIRTH_DATE_MIN = '1890-01-01';
/** Signing for oneself is for adults; a younger participant's waiver is signed by a guardian. */
export const ADULT_AGE = 18;
/** A real calendar day (no 31 February) from BIRTH_DATE_MIN; the server also refuses one after today. */
export const birthDate = isoDate
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { message: 'invalid_date' },
  )
  .refine((v) => v >= BIRTH_DATE_MIN, { message: 'too_early' });
/** An optional birth date: blank is none. */
export const optionalBirthDate = z
  .union([birthDate, z.literal(''), z.null()])
  .optional()
  .transform((v) => v || null);
/** The most an answer set may weigh as UTF-8 JSON (the column allows about 20 kB). */
export const ANSWERS_MAX_BYTES = 16_384;
/** Rejects NUL characters, which PostgreSQL text cannot store (public bodies answer 400, not 500). */
export const noNul = (v: string) => !v.includes('\u0000');
const CREATED_VIA = ['staff', 'share_link', 'easy_sign', 'kiosk'] as const;

/** A participant's fields, as the counter and the public page send them. */
export const tourParticipantInput = z
  .object({
    first_name: z.string().trim().min(1).max(80),
    last_name: z.string().trim().min(1).max(80),
    birth_date: optionalBirthDate,
    /** The seat's age group; null for a rent order's rider. */
    age_group_id: z
      .number()
      .int()
      .positive()
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    email: z
      .union([z.email().max(254), z.literal(''), z.null()])
      .optional()
      .transform((v) => v || null),
    phone: optionalText(40),
    emergency_name: optionalText(120),
    emergency_phone: optionalText(40),
    answers: participantAnswers.default({}),
    is_organiser: z.boolean().default(false),
  })
  .strict();
export type TourParticipantInput = z.input<typeof tourParticipantInput>;
export type TourParticipantValues = z.output<typeof tourParticipantInput>;
/** PATCH /api/nine/tours/participants/:id: every field again, with the version read. */
export const tourParticipantUpdate = z.intersection(tourParticipantInput, z.object({ version }));
export type TourParticipantUpdate = z.input<typeof tourParticipantUpdate>;

export const SIGNER_ROLES = ['self', 'guardian'] as const;
/** The waiver a participant signed last (null: none). `current`: it signed the terms version in force. */
export const participantWaiverRef = z.object({
  id: z.number(),
  signed_at: z.string(),
  signer_name: z.string(),
  signer_role: z.enum(['self', 'guardian', 'staff_witness']),
  term_version_id: z.number(),
  term_version_number: z.number().int(),
  /** It signed the terms version in force and the participant's details as they are now. */
  current: z.boolean(),
  /** The participant's details or answers were corrected since signing: the waiver needs signing again. */
  details_changed: z.boolean().optional(),
});
export type ParticipantWaiverRef = z.infer<typeof participantWaiverRef>;

/** A participant as the staff see it. */
export const tourParticipant = z.object({
  id: z.number(),
  order_id: z.number(),
  age_group_id: z.number().nullable(),
  age_group_name: z.string().nullable(),
  is_organiser: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  emergency_name: z.string().nullable(),
  emergency_phone: z.string().nullable(),
  answers: z.record(z.string(), z.union([z.boolean(), z.string()])),
  checkin_code: z.string(),
  checked_in_at: z.string().nullable(),
  created_via: z.enum(CREATED_VIA),
  created_at: z.string(),
  version: z.number().int(),
  waiver: participantWaiverRef.nullable(),
});
export type TourParticipant = z.infer<typeof tourParticipant>;

/** A reservation's seats per age group (a rent order has none). */
export const participantSeat = z.object({
  age_group_id: z.number(),
  name: z.string(),
  quantity: z.number().int(),
  guardian_required: z.boolean(),
  min_age: z.number().int(),
  max_age: z.number().int().nullable(),
});
export type ParticipantSeat = z.infer<typeof participantSeat>;

/** The terms version a participant of this order signs: the definition's waiver, else its terms; rent orders: the location's rent terms. */
export const participantTermsRef = z.object({
  terms_id: z.number(),
  version_id: z.number(),
  title: z.string(),
  number: z.number().int(),
});
export type ParticipantTermsRef = z.infer<typeof participantTermsRef>;

export const ORDER_PARTICIPANT_KINDS = ['tour', 'rent'] as const;

/** GET /api/nine/tours/orders/:id/participants */
export const orderParticipants = z.object({
  order_id: z.number(),
  kind: z.enum(ORDER_PARTICIPANT_KINDS),
  required_fields: z.array(participantRequiredField),
  questions: z.array(definitionQuestion),
  /** Null: no published terms apply, so nobody can sign yet. */
  terms: participantTermsRef.nullable(),
  /** The consent sentence the signer agrees to, in the request's language (recorded in the waiver). */
  consent_text: z.string(),
  seats: z.array(participantSeat),
  participants: z.array(tourParticipant),
  /** Participants entered, and how many of them signed the terms version in force. */
  filled: z.number().int(),
  signed: z.number().int(),
  /** Seats booked (0 for a rent order, which has no seat limit). */
  seats_total: z.number().int(),
});
export type OrderParticipants = z.infer<typeof orderParticipants>;

// ---- Waivers ----

/** The most a signature image may weigh (the column allows 300,000 bytes). */
export const SIGNATURE_MAX_BYTES = 300_000;
/** A PNG as a data URL (the signature pad's output); the server checks its magic bytes and size. */
export const signaturePng = z
  .string()
  .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);

/** Signing the terms in force for one participant, at the counter or on the public page. */
export const waiverSignInput = z
  .object({
    term_version_id: z.number().int().positive(),
    signer_name: z.string().trim().min(1).max(160),
    signer_role: z.enum(SIGNER_ROLES),
    guardian_relation: optionalText(60),
    signature_png: signaturePng,
    consent: z.literal(true),
  })
  .strict()
  .refine((w) => w.signer_role !== 'guardian' || w.guardian_relation !== null, {
    message: 'required',
    path: ['guardian_relation'],
  });
export type WaiverSignInput = z.input<typeof waiverSignInput>;

/** GET /api/nine/tours/waivers/:id: a signed waiver and whether its hash still matches what it says was signed. */
export const tourWaiver = z.object({
  id: z.number(),
  participant_id: z.number(),
  participant_name: z.string(),
  order_id: z.number(),
  term_version_id: z.number(),
  term_title: z.string(),
  term_number: z.number().int(),
  signer_name: z.string(),
  signer_role: z.enum(['self', 'guardian', 'staff_witness']),
  guardian_relation: z.string().nullable(),
  signed_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_via: z.enum(CREATED_VIA),
  created_by_name: z.string().nullable(),
  supersedes_id: z.number().nullable(),
  /** The newer signature that replaced this one, if any. */
  superseded_by_id: z.number().nullable(),
  /** SHA-256 hex stored at signing, and recomputed now from the signed content and signature. */
  content_sha256: z.string(),
  recomputed_sha256: z.string(),
  verified: z.boolean(),
});
export type TourWaiver = z.infer<typeof tourWaiver>;
