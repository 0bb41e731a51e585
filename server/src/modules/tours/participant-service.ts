import { randomInt } from 'node:crypto';
import { AppError } from '@nine/shared/errors';
import {
  ANSWER_LONG_MAX,
  ANSWER_SHORT_MAX,
  ANSWERS_MAX_BYTES,
  PARTICIPANT_REQUIRED_FIELDS,
  type DefinitionQuestion,
  type ParticipantAnswers,
  type ParticipantRequiredField,
  type ParticipantSeat,
  type TourParticipant,
  type TourParticipantValues,
} from '@nine/shared/schemas/tours/participants';
import { exec, maybeOne, one, rows, type Queryable } from '../../db/sql.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';

// Participants of a tour reservation or a rent order (issue #20): what the counter and the public page share.
// Every write locks the order row first (`loadOrder(…, lock)`) and reads the seats and participants after it,
// so two people adding themselves to the last seat of an age group at once cannot both get it.

/** The column default of migration 0047: what a location that never saved its tour settings requires. */
export const DEFAULT_REQUIRED_FIELDS: ParticipantRequiredField[] = ['birth_date', 'emergency_contact'];
/** Orders whose page is closed to the public (and to easy-sign). */
export const ENDED_STATUSES = ['closed', 'pre-cancel', 'cancelled'];
/** The most riders a rent order takes. */
export const RENT_RIDERS_MAX = 50;

export interface OrderContext {
  order_id: number;
  number: string;
  type: 'tour' | 'rent';
  status: string;
  location_id: number;
  customer_id: number | null;
  total_minor: number;
  paid_minor: number;
  time_zone: string;
  event_id: number | null;
  definition_id: number | null;
  definition_name: string | null;
  starts_at: Date | null;
  ends_at: Date | null;
  /** The departure's day on the location's wall clock (ages are counted on it). */
  event_day: string | null;
  /** Today on the location's wall clock. */
  today: string;
  meeting_point_name: string | null;
  meeting_point_address: string | null;
  meeting_point_instructions: string | null;
  what_to_bring: string | null;
  /** The terms document a participant signs: the definition's waiver, else its terms; rent: the settings'. */
  terms_id: number | null;
  required_fields: ParticipantRequiredField[];
}

/**
 * A tour reservation or rent order of the location, or null. `lock` takes the order's row lock: every
 * participant and waiver write of the order runs after it.
 */
export async function loadOrder(
  q: Queryable,
  orderId: number,
  locationId: number,
  now: Date,
  lock = false,
): Promise<OrderContext | null> {
  const found = await maybeOne<OrderContext>(
    q,
    `SELECT o.id AS order_id, o.number::text AS number, o.type::text AS type, o.status::text AS status, o.location_id,
            o.customer_id, o.total_minor, o.paid_minor, l.time_zone, r.event_id, d.id AS definition_id,
            d.name AS definition_name, e.starts_at, e.ends_at,
            (e.starts_at AT TIME ZONE l.time_zone)::date::text AS event_day,
            ($3::timestamptz AT TIME ZONE l.time_zone)::date::text AS today,
            mp.name AS meeting_point_name, mp.address AS meeting_point_address,
            mp.instructions AS meeting_point_instructions, d.what_to_bring,
            CASE WHEN o.type = 'tour' THEN coalesce(d.waiver_id, d.terms_id) ELSE s.rent_terms_id END AS terms_id,
            coalesce(s.participant_required_fields, $4::text[]) AS required_fields
     FROM orders o
     JOIN locations l ON l.id = o.location_id
     LEFT JOIN tour_settings s ON s.location_id = o.location_id
     LEFT JOIN tour_reservations r ON r.order_id = o.id
     LEFT JOIN tour_events e ON e.id = r.event_id
     LEFT JOIN tour_definitions d ON d.id = e.definition_id
     LEFT JOIN tour_places mp ON mp.id = coalesce(e.meeting_point_id, d.meeting_point_id)
     WHERE o.id = $1 AND o.location_id = $2 AND o.type IN ('tour', 'rent')
     ${lock ? 'FOR UPDATE OF o' : ''}`,
    [orderId, locationId, now, DEFAULT_REQUIRED_FIELDS],
  );
  if (!found) return null;
  // Keep the settings' order stable whatever order they were saved in.
  found.required_fields = PARTICIPANT_REQUIRED_FIELDS.filter((f) => found.required_fields.includes(f));
  return found;
}

/**
 * Order `o` is in the caller's scope (event-service scopeOf: null for all, else the leader id): a guide without
 * tour:change reads the reservations of the departures they lead only (a rent order has none), as on the manifest.
 */
export const ORDER_IN_SCOPE_SQL = (param: string): string =>
  `(${param}::int IS NULL OR EXISTS (SELECT 1 FROM tour_reservations sr
     JOIN tour_event_leaders sl ON sl.event_id = sr.event_id WHERE sr.order_id = o.id AND sl.leader_id = ${param}))`;

/** Whether an order is in the caller's scope (see ORDER_IN_SCOPE_SQL). */
export async function orderInScope(q: Queryable, orderId: number, scope: number | null): Promise<boolean> {
  if (scope === null) return true;
  return !!(await maybeOne(q, `SELECT 1 FROM orders o WHERE o.id = $1 AND ${ORDER_IN_SCOPE_SQL('$2')}`, [
    orderId,
    scope,
  ]));
}

export interface TermsInForce {
  terms_id: number;
  version_id: number;
  title: string;
  number: number;
  body_html: string;
  body_text: string;
  body_sha256: Buffer;
}

/** The newest published version of a terms document: the one a participant signs now. */
export async function termsInForce(q: Queryable, termsId: number | null): Promise<TermsInForce | null> {
  if (termsId === null) return null;
  const found = await maybeOne<TermsInForce>(
    q,
    `SELECT v.terms_id, v.id AS version_id, coalesce(v.title, t.title) AS title, v.number, v.body_html, v.body_text,
            v.body_sha256
     FROM tour_term_versions v JOIN tour_terms t ON t.id = v.terms_id
     WHERE v.terms_id = $1 AND v.status = 'published' ORDER BY v.number DESC LIMIT 1`,
    [termsId],
  );
  return found ?? null;
}

/** The order's live seats per age group (a rent order has none). */
export function seatsOf(q: Queryable, orderId: number): Promise<ParticipantSeat[]> {
  return rows<ParticipantSeat>(
    q,
    `SELECT a.id AS age_group_id, a.name::text AS name, sum(oi.quantity)::int AS quantity, a.guardian_required,
            a.min_age, a.max_age
     FROM order_items oi JOIN tour_age_groups a ON a.id = oi.tour_age_group_id
     WHERE oi.order_id = $1 AND oi.tour_event_id IS NOT NULL AND oi.status <> 'cancelled'
     GROUP BY a.id ORDER BY a.sort_order, a.id`,
    [orderId],
  );
}

export function questionsOf(q: Queryable, definitionId: number | null): Promise<DefinitionQuestion[]> {
  if (definitionId === null) return Promise.resolve([]);
  return rows<DefinitionQuestion>(
    q,
    `SELECT id, label, kind, options, required FROM tour_definition_questions
     WHERE definition_id = $1 ORDER BY position`,
    [definitionId],
  );
}

/**
 * Whether waiver `w` signed participant `p` as it is now (its details and answers): staff may correct a signed
 * participant, and the waiver then needs signing again. Compared with the signed content, so rows signed before
 * this rule are judged the same way.
 */
export const SIGNED_CONTENT_CURRENT_SQL = `(w.signed_content -> 'participant' = jsonb_build_object('id', p.id,
  'first_name', p.first_name, 'last_name', p.last_name, 'birth_date', p.birth_date::text,
  'age_group_id', p.age_group_id, 'email', p.email::text, 'phone', p.phone, 'emergency_name', p.emergency_name,
  'emergency_phone', p.emergency_phone) AND w.signed_content -> 'answers' = p.answers)`;

const PARTICIPANT_COLUMNS = `p.id, p.order_id, p.age_group_id, a.name::text AS age_group_name, p.is_organiser,
  p.first_name, p.last_name, p.birth_date::text AS birth_date, p.email::text AS email, p.phone, p.emergency_name,
  p.emergency_phone, p.answers, p.checkin_code, p.checked_in_at, p.created_via, p.created_at, p.version,
  (SELECT json_build_object('id', w.id, 'signed_at', to_json(w.signed_at) #>> '{}', 'signer_name', w.signer_name,
            'signer_role', w.signer_role, 'term_version_id', w.term_version_id, 'term_version_number', v.number,
            'current', coalesce(w.term_version_id = $2::bigint AND ${SIGNED_CONTENT_CURRENT_SQL}, false),
            'details_changed', coalesce(NOT ${SIGNED_CONTENT_CURRENT_SQL}, false))
   FROM tour_waivers w JOIN tour_term_versions v ON v.id = w.term_version_id
   WHERE w.participant_id = p.id ORDER BY w.id DESC LIMIT 1) AS waiver`;

/** The order's participants, the organiser first, each with the waiver it signed last. */
export function participantsOf(
  q: Queryable,
  orderId: number,
  currentVersionId: number | null,
): Promise<TourParticipant[]> {
  return rows<TourParticipant>(
    q,
    `SELECT ${PARTICIPANT_COLUMNS}
     FROM tour_participants p LEFT JOIN tour_age_groups a ON a.id = p.age_group_id
     WHERE p.order_id = $1 ORDER BY p.is_organiser DESC, p.id`,
    [orderId, currentVersionId],
  );
}

export async function participantById(
  q: Queryable,
  id: number,
  currentVersionId: number | null,
): Promise<TourParticipant> {
  return one<TourParticipant>(
    q,
    `SELECT ${PARTICIPANT_COLUMNS}
     FROM tour_participants p LEFT JOIN tour_age_groups a ON a.id = p.age_group_id WHERE p.id = $1`,
    [id, currentVersionId],
  );
}

/** Years completed between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/** The day ages are counted on: the departure's, else (a rent order) today. */
export const ageDay = (ctx: OrderContext): string => ctx.event_day ?? ctx.today;

interface Issue {
  path: string;
  code: 'custom';
  message: string;
}
const issue = (path: string, message: string): Issue => ({ path, code: 'custom', message });
function refuse(issues: Issue[]): void {
  if (issues.length) throw new AppError('validation', { data: { issues } });
}

/** PostgreSQL text cannot hold NUL: a body carrying one is refused as invalid (400), not failed on insert (500). */
export function refuseNul(body: unknown): void {
  if (JSON.stringify(body ?? null).includes('\\u0000')) refuse([issue('', 'nul_character')]);
}

/**
 * Checks the answers against the definition's questions; answers only the questions' keys, blanks dropped.
 * `dropUnknown` (an edit): answers to questions removed since are dropped instead of refused.
 */
export function checkAnswers(
  questions: readonly DefinitionQuestion[],
  answers: ParticipantAnswers,
  dropUnknown = false,
): Record<string, boolean | string> {
  const issues: Issue[] = [];
  const known = new Set(questions.map((q) => String(q.id)));
  if (!dropUnknown)
    for (const key of Object.keys(answers))
      if (!known.has(key)) issues.push(issue(`answers.${key}`, 'unknown_question'));
  const kept: Record<string, boolean | string> = {};
  for (const q of questions) {
    const key = String(q.id);
    const value = answers[key];
    if (value === undefined || value === '') {
      if (q.required) issues.push(issue(`answers.${key}`, 'required'));
      continue;
    }
    const ok =
      q.kind === 'yes_no'
        ? typeof value === 'boolean'
        : typeof value === 'string' &&
          (q.kind === 'short'
            ? value.length <= ANSWER_SHORT_MAX
            : q.kind === 'long'
              ? value.length <= ANSWER_LONG_MAX
              : (q.options ?? []).includes(value));
    if (ok) kept[key] = value;
    else issues.push(issue(`answers.${key}`, 'invalid'));
  }
  // The column holds about 20 kB: a set of long answers past this is refused here, not by the CHECK (500).
  if (!issues.length && Buffer.byteLength(JSON.stringify(kept), 'utf8') > ANSWERS_MAX_BYTES)
    issues.push(issue('answers', 'too_large'));
  refuse(issues);
  return kept;
}

/** The fields the location requires (blank is missing). */
export function checkRequiredFields(required: readonly ParticipantRequiredField[], p: TourParticipantValues) {
  const issues: Issue[] = [];
  for (const field of required) {
    if (field === 'emergency_contact') {
      if (!p.emergency_name) issues.push(issue('emergency_name', 'required'));
      if (!p.emergency_phone) issues.push(issue('emergency_phone', 'required'));
    } else if (!p[field]) issues.push(issue(field, 'required'));
  }
  refuse(issues);
}

/**
 * Everything a participant's fields must hold on this order, read under the order's lock: required fields,
 * answers, the age group among the order's seats with room left (1790) and the birth date within the group's
 * ages on the departure's day (1794). `selfId`: the participant being edited, left out of the count.
 */
export async function checkParticipant(
  client: Queryable,
  ctx: OrderContext,
  input: TourParticipantValues,
  selfId: number | null,
): Promise<{ answers: Record<string, boolean | string> }> {
  checkRequiredFields(ctx.required_fields, input);
  const issues: Issue[] = [];
  // Born by today (and by the departure's day, for an event already past).
  const latest = ageDay(ctx) < ctx.today ? ageDay(ctx) : ctx.today;
  if (input.birth_date !== null && input.birth_date > latest) issues.push(issue('birth_date', 'future'));
  if (ctx.type === 'tour' && input.age_group_id === null) issues.push(issue('age_group_id', 'required'));
  if (ctx.type === 'rent' && input.age_group_id !== null) issues.push(issue('age_group_id', 'not_allowed'));
  if (input.is_organiser) {
    const other = await maybeOne(
      client,
      'SELECT 1 FROM tour_participants WHERE order_id = $1 AND is_organiser AND id <> coalesce($2, 0)',
      [ctx.order_id, selfId],
    );
    if (other) issues.push(issue('is_organiser', 'organiser_taken'));
  }
  refuse(issues);
  const answers = checkAnswers(await questionsOf(client, ctx.definition_id), input.answers, selfId !== null);

  if (ctx.type === 'rent') {
    // A rent order has no seats to bound its riders: a fixed ceiling keeps a leaked link from filling a table.
    const { filled } = await one<{ filled: number }>(
      client,
      'SELECT count(*)::int AS filled FROM tour_participants WHERE order_id = $1 AND id <> coalesce($2, 0)',
      [ctx.order_id, selfId],
    );
    if (filled >= RENT_RIDERS_MAX)
      throw new AppError('participantsExceedSeats', { data: { seats: RENT_RIDERS_MAX, filled } });
  }
  if (input.age_group_id !== null) {
    const seat = (await seatsOf(client, ctx.order_id)).find((s) => s.age_group_id === input.age_group_id);
    const { filled } = await one<{ filled: number }>(
      client,
      `SELECT count(*)::int AS filled FROM tour_participants
       WHERE order_id = $1 AND age_group_id = $2 AND id <> coalesce($3, 0)`,
      [ctx.order_id, input.age_group_id, selfId],
    );
    const seats = seat?.quantity ?? 0;
    if (filled + 1 > seats)
      throw new AppError('participantsExceedSeats', {
        data: { age_group_id: input.age_group_id, seats, filled },
      });
    if (seat && input.birth_date !== null) {
      const age = ageOn(input.birth_date, ageDay(ctx));
      if (age < seat.min_age || (seat.max_age !== null && age > seat.max_age))
        throw new AppError('ageGroupMismatch', {
          data: { age_group_id: seat.age_group_id, age, min_age: seat.min_age, max_age: seat.max_age },
        });
    }
  }
  return { answers };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A check-in code: 12 random characters without look-alikes (0/O, 1/I), printed as a QR code. */
export function newCheckinCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export type CreatedVia = 'staff' | 'share_link' | 'easy_sign' | 'kiosk';

/** A participant's stored fields ($2-$11 of the INSERT and the UPDATE below). */
const participantFields = (input: TourParticipantValues, answers: Record<string, boolean | string>) => [
  input.age_group_id,
  input.is_organiser,
  input.first_name,
  input.last_name,
  input.birth_date,
  input.email,
  input.phone,
  input.emergency_name,
  input.emergency_phone,
  JSON.stringify(answers),
];

/** Who writes a participant: the audit's user (none on a public page) and the channel, kept as created_via. */
export interface ParticipantWriter {
  actor: AuditActor;
  via: CreatedVia;
}

/** The audit names the public channel a change came through; the counter's are known by their user. */
const viaOf = (via: CreatedVia) => (via === 'staff' ? {} : { via });

/** Checks and adds a participant to a locked order, audited; returns its id. */
export async function addParticipant(
  client: Queryable,
  ctx: OrderContext,
  input: TourParticipantValues,
  by: ParticipantWriter,
): Promise<number> {
  const { answers } = await checkParticipant(client, ctx, input, null);
  const { id } = await one<{ id: number }>(
    client,
    `INSERT INTO tour_participants (order_id, age_group_id, is_organiser, first_name, last_name, birth_date, email,
       phone, emergency_name, emergency_phone, answers, checkin_code, created_via)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [ctx.order_id, ...participantFields(input, answers), newCheckinCode(), by.via],
  );
  await audit(client, by.actor, {
    entity: 'tour_participant',
    entityId: id,
    action: 'created',
    data: { new: { ...input, answers, order_id: ctx.order_id }, ...viaOf(by.via) },
  });
  return id;
}

/** Checks and rewrites a participant of a locked order (read after the lock), raising its version, audited. */
export async function changeParticipant(
  client: Queryable,
  ctx: OrderContext,
  stored: StoredParticipant,
  input: TourParticipantValues,
  by: ParticipantWriter,
): Promise<void> {
  const { answers } = await checkParticipant(client, ctx, input, stored.id);
  await exec(
    client,
    `UPDATE tour_participants SET age_group_id = $2, is_organiser = $3, first_name = $4, last_name = $5,
       birth_date = $6, email = $7, phone = $8, emergency_name = $9, emergency_phone = $10, answers = $11,
       version = version + 1, updated_at = now()
     WHERE id = $1`,
    [stored.id, ...participantFields(input, answers)],
  );
  await audit(client, by.actor, {
    entity: 'tour_participant',
    entityId: stored.id,
    action: 'updated',
    data: { old: stored.values, new: { ...input, answers }, ...viaOf(by.via) },
  });
}

/** A participant as the routes answer it, with its waiver's state against the terms in force. */
export async function participantNow(
  client: Queryable,
  ctx: OrderContext,
  id: number,
): Promise<TourParticipant> {
  const terms = await termsInForce(client, ctx.terms_id);
  return participantById(client, id, terms?.version_id ?? null);
}

/** A participant row of the order, as it is now (read after the order's lock). */
export interface StoredParticipant {
  id: number;
  order_id: number;
  version: number;
  signed: boolean;
  values: TourParticipantValues;
}

export async function storedParticipant(
  client: Queryable,
  id: number,
  orderId: number,
): Promise<StoredParticipant | null> {
  const found = await maybeOne<
    TourParticipantValues & { id: number; order_id: number; version: number; signed: boolean }
  >(
    client,
    `SELECT p.id, p.order_id, p.version, p.age_group_id, p.is_organiser, p.first_name, p.last_name,
            p.birth_date::text AS birth_date, p.email::text AS email, p.phone, p.emergency_name, p.emergency_phone,
            p.answers, EXISTS (SELECT 1 FROM tour_waivers w WHERE w.participant_id = p.id) AS signed
     FROM tour_participants p WHERE p.id = $1 AND p.order_id = $2`,
    [id, orderId],
  );
  if (!found) return null;
  const { id: _id, order_id, version, signed, ...values } = found;
  return { id, order_id, version, signed, values };
}

/** The order a participant belongs to, when that order is at the location (for the routes by participant id). */
export async function orderOfParticipant(
  q: Queryable,
  participantId: number,
  locationId: number,
): Promise<number | null> {
  const found = await maybeOne<{ order_id: number }>(
    q,
    `SELECT p.order_id FROM tour_participants p JOIN orders o ON o.id = p.order_id
     WHERE p.id = $1 AND o.location_id = $2`,
    [participantId, locationId],
  );
  return found?.order_id ?? null;
}
