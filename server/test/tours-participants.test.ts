import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { INTEGRITY_CHECKS } from '../src/lib/integrity.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { OrderParticipants, TourParticipant } from '@nine/shared/schemas/tours/participants';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import {
  addQuestion,
  createCustomer,
  createRentOrder,
  createReservation,
  createTourFixture,
  publishTerms,
  SIGNATURE_PNG,
  type TourFixture,
} from './helpers/tour-participant-fixtures.ts';

/** Participants at the counter (issue #20): CRUD, required fields, questions, the seat limit, signed rows. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let manager: Record<string, string>;
let viewer: Record<string, string>;
let viewerId: number;
let elsewhere: Record<string, string>;
let tour: TourFixture;
let customer: number;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const count = async (table: string) => Number((await q(`SELECT count(*) FROM ${table}`)).rows[0].count);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Bay');
  other = await createLocation(tdb.db, 'Hill');
  await createUser(tdb.db, { email: 'pt-manager@nine.test', locations: [loc], grants: everything });
  viewerId = await createUser(tdb.db, {
    email: 'pt-viewer@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'view' }],
  });
  await createUser(tdb.db, { email: 'pt-far@nine.test', locations: [other], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  const headers = async (email: string, location: number) => ({
    authorization: `Bearer ${await login(app, email)}`,
    'location-id': String(location),
  });
  manager = await headers('pt-manager@nine.test', loc);
  viewer = await headers('pt-viewer@nine.test', loc);
  elsewhere = await headers('pt-far@nine.test', other);
  tour = await createTourFixture(tdb.db, loc, { startsAt: '2030-07-10T09:00:00Z' });
  customer = await createCustomer(tdb.db, {
    first: 'Olga',
    last: 'Organiser',
    email: 'olga@x.test',
    phone: '+34 600 111 222',
  });
  await q(
    `INSERT INTO tour_definition_questions (definition_id, label, kind, options, required, position)
     VALUES ($1, 'Can you swim?', 'yes_no', NULL, true, 0), ($1, 'T-shirt size', 'choice', '["S","M","L"]', false, 1)`,
    [tour.definitionId],
  );
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
  headers = manager,
) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
async function questionIds(): Promise<{ swim: string; size: string }> {
  const r = await q(`SELECT id FROM tour_definition_questions WHERE definition_id = $1 ORDER BY position`, [
    tour.definitionId,
  ]);
  return { swim: String(r.rows[0].id), size: String(r.rows[1].id) };
}
const adult = async (extra: object = {}) => ({
  first_name: 'Ana',
  last_name: 'Adult',
  birth_date: '1990-05-01',
  age_group_id: tour.adult,
  emergency_name: 'Ben',
  emergency_phone: '+34 600 000 000',
  answers: { [(await questionIds()).swim]: true },
  ...extra,
});

describe('staff participants', () => {
  let order: number;
  let created: TourParticipant;

  beforeAll(async () => {
    ({ orderId: order } = await createReservation(tdb.db, {
      locationId: loc,
      tour,
      customerId: customer,
      seats: [
        { ageGroupId: tour.adult, quantity: 2 },
        { ageGroupId: tour.child, quantity: 1 },
      ],
    }));
  });

  it('lists the seats, the required fields, the questions and the terms in force', async () => {
    // A guide (tour:view) reads the orders of the departures they lead only, as on the manifest.
    const url = `/api/nine/tours/orders/${order}/participants`;
    expect((await call('GET', url, undefined, viewer)).statusCode).toBe(404);
    await q(
      `WITH l AS (INSERT INTO tour_leaders (user_id) VALUES ($1) RETURNING id)
       INSERT INTO tour_event_leaders (event_id, leader_id, period)
       SELECT e.id, l.id, tstzrange(e.starts_at, e.ends_at) FROM tour_events e, l WHERE e.id = $2`,
      [viewerId, tour.eventId],
    );
    const res = await call('GET', url, undefined, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: OrderParticipants }>().data;
    expect(data).toMatchObject({
      kind: 'tour',
      required_fields: ['birth_date', 'emergency_contact'],
      terms: { terms_id: tour.termsId, version_id: tour.versionId, number: 1 },
      filled: 0,
      signed: 0,
      seats_total: 3,
    });
    expect(data.seats.map((s) => [s.name, s.quantity, s.guardian_required])).toEqual([
      ['Adult', 2, false],
      ['Child', 1, true],
    ]);
    expect(data.questions.map((x) => x.label)).toEqual(['Can you swim?', 'T-shirt size']);
    expect(data.consent_text.length).toBeGreaterThan(10);
  });

  it('adds a participant (created_via staff, a check-in code, audited)', async () => {
    const res = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      await adult({ is_organiser: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    created = res.json<{ data: TourParticipant }>().data;
    expect(created).toMatchObject({
      first_name: 'Ana',
      age_group_name: 'Adult',
      created_via: 'staff',
      is_organiser: true,
      version: 1,
      waiver: null,
    });
    expect(created.checkin_code).toMatch(/^[A-Z0-9]{12}$/);
    const audit = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'tour_participant' AND action = 'created'`,
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('refuses missing required fields and bad answers with 400 issues, adding nothing', async () => {
    const before = await count('tour_participants');
    const ids = await questionIds();
    const missing = await call('POST', `/api/nine/tours/orders/${order}/participants`, {
      ...(await adult()),
      birth_date: null,
      emergency_phone: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['birth_date', 'emergency_phone']);
    for (const answers of [
      {},
      { [ids.swim]: 'yes' },
      { [ids.swim]: true, [ids.size]: 'XXL' },
      { [ids.swim]: true, '999999': 'x' },
    ]) {
      const res = await call(
        'POST',
        `/api/nine/tours/orders/${order}/participants`,
        await adult({ answers }),
      );
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().data.issues[0].path).toMatch(/^answers\./);
    }
    expect(await count('tour_participants')).toBe(before);
  });

  it('refuses a birth date outside the age group on the departure day (1794)', async () => {
    const res = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      await adult({ first_name: 'Kid', age_group_id: tour.child, birth_date: '2010-01-01' }),
    );
    expect(res.statusCode).toBe(422);
    expect(code(res)).toBe(1794);
    expect(res.json().data).toMatchObject({ age: 20, min_age: 4, max_age: 11 });
  });

  it('refuses a second organiser', async () => {
    const res = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      await adult({ is_organiser: true }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.issues[0]).toMatchObject({ path: 'is_organiser', message: 'organiser_taken' });
  });

  it('refuses more participants than seats of the age group (1790)', async () => {
    const second = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      await adult({ first_name: 'Bo' }),
    );
    expect(second.statusCode, second.body).toBe(201);
    const third = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      await adult({ first_name: 'Cy' }),
    );
    expect(third.statusCode).toBe(422);
    expect(code(third)).toBe(1790);
    expect(third.json().data).toMatchObject({ age_group_id: tour.adult, seats: 2, filled: 2 });
  });

  it('edits while unsigned, versioned (409 on a stale version)', async () => {
    const res = await call('PATCH', `/api/nine/tours/participants/${created.id}`, {
      ...(await adult({ first_name: 'Anna', is_organiser: true })),
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Anna', version: 2 });
    const stale = await call('PATCH', `/api/nine/tours/participants/${created.id}`, {
      ...(await adult({ first_name: 'Annie' })),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(code(stale)).toBe(1021);
  });

  it('lets staff correct a signed participant: the waiver then needs signing again; refuses deleting (1792)', async () => {
    const sign = () =>
      call('POST', `/api/nine/tours/participants/${created.id}/waivers`, {
        term_version_id: tour.versionId,
        signer_name: 'Anna Adult',
        signer_role: 'self',
        signature_png: SIGNATURE_PNG,
        consent: true,
      });
    const signed = await sign();
    expect(signed.statusCode, signed.body).toBe(201);
    const listed = async () =>
      (await call('GET', `/api/nine/tours/orders/${order}/participants`)).json<{ data: OrderParticipants }>()
        .data;
    expect(await listed()).toMatchObject({ filled: 2, signed: 1 });
    expect((await listed()).participants[0]!.waiver).toMatchObject({
      current: true,
      details_changed: false,
      signer_role: 'self',
    });
    const edit = await call('PATCH', `/api/nine/tours/participants/${created.id}`, {
      ...(await adult({ first_name: 'Anna', is_organiser: true, emergency_phone: '+34 600 000 001' })),
      version: 2,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.waiver).toMatchObject({ current: false, details_changed: true });
    expect(await listed()).toMatchObject({ filled: 2, signed: 0 });
    const again = await sign();
    expect(again.statusCode, again.body).toBe(201);
    expect((await listed()).participants[0]!.waiver).toMatchObject({ current: true, details_changed: false });
    const del = await call('DELETE', `/api/nine/tours/participants/${created.id}`);
    expect(del.statusCode).toBe(409);
    expect(code(del)).toBe(1792);
  });

  it('refuses a birth date before 1890, not on the calendar, or after today with 400', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const birth_date of ['1889-12-31', '2001-02-29', '2020-13-01', tomorrow]) {
      const res = await call(
        'POST',
        `/api/nine/tours/orders/${order}/participants`,
        await adult({ first_name: 'Dee', birth_date }),
      );
      expect(res.statusCode, birth_date).toBe(400);
      expect(res.json().data.issues[0].path, birth_date).toBe('birth_date');
    }
  });

  it('refuses a NUL character in a body with 400', async () => {
    const res = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      await adult({ first_name: 'Nu\u0000l' }),
    );
    expect(res.statusCode).toBe(400);
  });

  it('deletes an unsigned participant, audited', async () => {
    const row = await q(`SELECT id FROM tour_participants WHERE order_id = $1 AND first_name = 'Bo'`, [
      order,
    ]);
    const res = await call('DELETE', `/api/nine/tours/participants/${row.rows[0].id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await q(`SELECT 1 FROM tour_participants WHERE id = $1`, [row.rows[0].id])).rowCount).toBe(0);
  });

  it('answers 404 at another location and 403 for a view-only user writing', async () => {
    const far = await call('GET', `/api/nine/tours/orders/${order}/participants`, undefined, elsewhere);
    expect(far.statusCode).toBe(404);
    const farEdit = await call('DELETE', `/api/nine/tours/participants/${created.id}`, undefined, elsewhere);
    expect(farEdit.statusCode).toBe(404);
    const write = await call('POST', `/api/nine/tours/orders/${order}/participants`, await adult(), viewer);
    expect(write.statusCode).toBe(403);
  });
});

describe('the seat limit under concurrency', () => {
  it('lets exactly the free seats through when 12 add at once', async () => {
    const { orderId } = await createReservation(tdb.db, {
      locationId: loc,
      tour,
      customerId: customer,
      seats: [{ ageGroupId: tour.adult, quantity: 3 }],
    });
    const body = await adult();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', `/api/nine/tours/orders/${orderId}/participants`, { ...body, first_name: `P${i}` }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 422).every((r) => code(r) === 1790)).toBe(true);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    const n = await q(`SELECT count(*)::int AS n FROM tour_participants WHERE order_id = $1`, [orderId]);
    expect(n.rows[0].n).toBe(3);
    // The integrity rule (lib/integrity.ts) agrees: no order names more participants than seats.
    const rule = INTEGRITY_CHECKS.find((c) => c.name === 'tour_participants_exceed_seats')!;
    expect((await q(rule.sql)).rows).toEqual([]);
  });
});

describe('rent orders', () => {
  it('take riders without an age group, under the location’s rent terms', async () => {
    const { orderId } = await createRentOrder(tdb.db, { locationId: loc, customerId: customer });
    const none = (await call('GET', `/api/nine/tours/orders/${orderId}/participants`)).json<{
      data: OrderParticipants;
    }>().data;
    expect(none).toMatchObject({ kind: 'rent', terms: null, seats: [], questions: [] });
    const { termsId, versionId } = await publishTerms(tdb.db, {
      title: 'Rental terms',
      text: 'Bring it back.',
    });
    const settings = (await call('GET', '/api/nine/tours/settings')).json().data;
    const saved = await call('PUT', '/api/nine/tours/settings', {
      booking_cutoff_minutes: settings.booking_cutoff_minutes,
      default_capacity: settings.default_capacity,
      default_min_participants: settings.default_min_participants,
      below_minimum_action: settings.below_minimum_action,
      below_minimum_hours: settings.below_minimum_hours,
      checkin_opens_minutes: settings.checkin_opens_minutes,
      checkin_closes_minutes: settings.checkin_closes_minutes,
      gallery_max_mb: settings.gallery_max_mb,
      participant_required_fields: ['phone'],
      rent_terms_id: termsId,
      version: settings.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      participant_required_fields: ['phone'],
      rent_terms_id: termsId,
    });
    const rider = await call('POST', `/api/nine/tours/orders/${orderId}/participants`, {
      first_name: 'Rita',
      last_name: 'Rider',
      phone: '+1 555 0100',
    });
    expect(rider.statusCode, rider.body).toBe(201);
    const grouped = await call('POST', `/api/nine/tours/orders/${orderId}/participants`, {
      first_name: 'Gus',
      last_name: 'Grouped',
      phone: '+1 555 0101',
      age_group_id: tour.adult,
    });
    expect(grouped.statusCode).toBe(400);
    const view = (await call('GET', `/api/nine/tours/orders/${orderId}/participants`)).json<{
      data: OrderParticipants;
    }>().data;
    expect(view).toMatchObject({ terms: { version_id: versionId }, filled: 1, required_fields: ['phone'] });
  });

  it('refuses rent terms without a published version (1793)', async () => {
    const draftOnly = Number(
      (await q(`INSERT INTO tour_terms (kind, title) VALUES ('terms', 'Unpublished') RETURNING id`)).rows[0]
        .id,
    );
    const settings = (await call('GET', '/api/nine/tours/settings')).json().data;
    const {
      location_id: _l,
      time_zone: _t,
      gallery_max_bytes: _g,
      business_wide_editable: _b,
      ...values
    } = settings;
    const res = await call('PUT', '/api/nine/tours/settings', { ...values, rent_terms_id: draftOnly });
    expect(res.statusCode).toBe(422);
    expect(code(res)).toBe(1793);
  });
});

describe('definition questions', () => {
  it('replaces the list, keeps ids of unchanged questions and bumps the version', async () => {
    const before = await questionIds();
    const { version } = (await call('GET', `/api/nine/tours/definitions/${tour.definitionId}`)).json().data;
    const res = await call('PUT', `/api/nine/tours/definitions/${tour.definitionId}/questions`, {
      questions: [
        { label: 'Allergies', kind: 'long', required: false },
        { label: 'Can you swim?', kind: 'yes_no', required: true, options: ['ignored', 'too'] },
      ],
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.version).toBe(version + 1);
    expect(data.questions.map((x: { label: string }) => x.label)).toEqual(['Allergies', 'Can you swim?']);
    expect(String(data.questions[1].id)).toBe(before.swim);
    expect(data.questions[1].options).toBeNull();
    const detail = (await call('GET', `/api/nine/tours/definitions/${tour.definitionId}`)).json().data;
    expect(detail.questions).toEqual(data.questions);
    const stale = await call('PUT', `/api/nine/tours/definitions/${tour.definitionId}/questions`, {
      questions: [],
      version,
    });
    expect(stale.statusCode).toBe(409);
    const badChoice = await call('PUT', `/api/nine/tours/definitions/${tour.definitionId}/questions`, {
      questions: [{ label: 'Pick', kind: 'choice', options: ['one'], required: false }],
      version: version + 1,
    });
    expect(badChoice.statusCode).toBe(400);
  });
});

describe('answers', () => {
  let other: TourFixture;
  let order: number;
  const ids: number[] = [];

  beforeAll(async () => {
    other = await createTourFixture(tdb.db, loc, {
      startsAt: '2030-08-10T09:00:00Z',
      ageGroups: { adult: tour.adult, child: tour.child },
    });
    for (const [i, kind] of ['long', 'long', 'long', 'yes_no'].entries())
      ids.push(await addQuestion(tdb.db, other.definitionId, `Question ${i}`, { kind, position: i }));
    ({ orderId: order } = await createReservation(tdb.db, {
      locationId: loc,
      tour: other,
      customerId: customer,
      seats: [{ ageGroupId: tour.adult, quantity: 3 }],
    }));
  });
  const person = (answers: object, extra: object = {}) => ({
    first_name: 'Ann',
    last_name: 'Answers',
    birth_date: '1990-05-01',
    age_group_id: tour.adult,
    emergency_name: 'Ben',
    emergency_phone: '1',
    phone: '+34 600 000 000',
    email: 'ann@x.test',
    answers,
    ...extra,
  });

  it('refuses answers weighing more than 16 kB as UTF-8 with a 400 issue, not a failed insert', async () => {
    // Random CJK characters: 3 bytes each, and they do not compress under the column's check.
    const cjk = () =>
      Array.from({ length: 2000 }, () =>
        String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 20000)),
      ).join('');
    const res = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      person({ [ids[0]!]: cjk(), [ids[1]!]: cjk(), [ids[2]!]: cjk() }),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().data.issues).toEqual([{ path: 'answers', code: 'custom', message: 'too_large' }]);
  });

  it('drops answers to a deleted question when the participant is next edited', async () => {
    const added = await call(
      'POST',
      `/api/nine/tours/orders/${order}/participants`,
      person({ [ids[0]!]: 'Peanuts', [ids[3]!]: true }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const participant = added.json<{ data: TourParticipant }>().data;
    const { version } = (await call('GET', `/api/nine/tours/definitions/${other.definitionId}`)).json().data;
    const questions = (
      await q(
        `SELECT id, label, kind, required FROM tour_definition_questions WHERE definition_id = $1
                                  AND kind = 'long' ORDER BY position`,
        [other.definitionId],
      )
    ).rows;
    const put = await call('PUT', `/api/nine/tours/definitions/${other.definitionId}/questions`, {
      questions: questions.map((x) => ({ id: x.id, label: x.label, kind: x.kind, required: x.required })),
      version,
    });
    expect(put.statusCode, put.body).toBe(200);
    // The form sends back the answers it was given, the stale one included.
    const edit = await call('PATCH', `/api/nine/tours/participants/${participant.id}`, {
      ...person(participant.answers, { first_name: 'Anne' }),
      version: participant.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.answers).toEqual({ [ids[0]!]: 'Peanuts' });
  });

  it('keeps a relabelled question’s id when the editor sends it; a new kind is a new question', async () => {
    const { version } = (await call('GET', `/api/nine/tours/definitions/${other.definitionId}`)).json().data;
    const res = await call('PUT', `/api/nine/tours/definitions/${other.definitionId}/questions`, {
      questions: [
        { id: ids[0], label: 'Any allergies?', kind: 'long', required: false },
        { id: ids[1], label: 'Question 1', kind: 'short', required: false },
      ],
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [relabelled, rekinded] = res.json().data.questions;
    expect(relabelled).toMatchObject({ id: ids[0], label: 'Any allergies?' });
    expect(rekinded.id).not.toBe(ids[1]);
  });
});

describe('tour settings', () => {
  it('keeps the participant fields and rent terms when a save leaves them out', async () => {
    const { termsId } = await publishTerms(tdb.db, {
      kind: 'terms',
      title: 'Kept rent terms',
      text: 'Kept.',
    });
    const read = async () => (await call('GET', '/api/nine/tours/settings')).json().data;
    const start = await read();
    const general = {
      booking_cutoff_minutes: start.booking_cutoff_minutes,
      default_capacity: start.default_capacity,
      default_min_participants: start.default_min_participants,
      below_minimum_action: start.below_minimum_action,
      below_minimum_hours: start.below_minimum_hours,
      checkin_opens_minutes: start.checkin_opens_minutes,
      checkin_closes_minutes: start.checkin_closes_minutes,
      gallery_max_mb: start.gallery_max_mb,
    };
    const set = await call('PUT', '/api/nine/tours/settings', {
      ...general,
      participant_required_fields: ['phone', 'birth_date'],
      rent_terms_id: termsId,
      version: start.version,
    });
    expect(set.statusCode, set.body).toBe(200);
    const without = await call('PUT', '/api/nine/tours/settings', {
      ...general,
      booking_cutoff_minutes: 30,
      version: set.json().data.version,
    });
    expect(without.statusCode, without.body).toBe(200);
    expect(await read()).toMatchObject({
      booking_cutoff_minutes: 30,
      participant_required_fields: ['birth_date', 'phone'],
      rent_terms_id: termsId,
    });
    // Put back what the other tests expect.
    const restore = await call('PUT', '/api/nine/tours/settings', {
      ...general,
      participant_required_fields: start.participant_required_fields,
      rent_terms_id: start.rent_terms_id,
      version: without.json().data.version,
    });
    expect(restore.statusCode, restore.body).toBe(200);
  });
});
