import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import type { PublicLanding, PublicParticipantPage } from '@nine/shared/schemas/tours/public';
import { loadConfig, trustProxyFrom } from '../src/config.ts';
import { createLocation } from './helpers/fixtures.ts';
import { createTestApp } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import {
  accessToken,
  addQuestion,
  createCustomer,
  createRentOrder,
  createReservation,
  createTourFixture,
  publishTerms,
  SIGNATURE_PNG,
  type TourFixture,
} from './helpers/tour-participant-fixtures.ts';

/** The public pages (issue #20): the participant page behind a token, easy-sign, the landing page, rate limits. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let tour: TourFixture;
let order: { orderId: number; number: string };
let otherOrder: { orderId: number; number: string };
let token: string;
let ip = 0;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
/** Each test speaks from its own address, so the per-IP limits of one do not spill into the next. */
let from = '10.0.0.1';
beforeEach(() => {
  ip++;
  from = `10.0.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
});
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: object = {}) =>
  app.inject({ method, url, remoteAddress: from, headers: { ...headers }, ...(payload ? { payload } : {}) });
const page = (t: string) => call('GET', `/api/nine/public/participant/${t}`);
/** A share link of a new booking of adult seats (one unless said), nobody named yet. */
const partyToken = async (adults = 1) =>
  accessToken(
    tdb.db,
    (
      await createReservation(tdb.db, {
        locationId: loc,
        tour,
        customerId: null,
        seats: [{ ageGroupId: tour.adult, quantity: adults }],
      })
    ).orderId,
  );
const NOW = new Date();
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Bay');
  // A fixed clock: the one-minute rate-limit windows never roll over mid-test.
  ({ app } = await createTestApp(tdb.db, { now: () => NOW }));
  await q(`UPDATE business_info SET site_title = 'Bay Tours', tour_is_enabled = true, accept_external_payments = true,
             address = '1 Harbour Road', tel = '+34 900 000 000'`);
  tour = await createTourFixture(tdb.db, loc, { startsAt: inDays(3), capacity: 12 });
  const olga = await createCustomer(tdb.db, {
    first: 'Olga',
    last: 'Organiser',
    email: 'Olga@Example.test',
    phone: '+34 600-111-222',
  });
  const stranger = await createCustomer(tdb.db, {
    first: 'Sven',
    last: 'Stranger',
    email: 'sven@example.test',
    phone: '+1 555 999 0000',
  });
  order = await createReservation(tdb.db, {
    locationId: loc,
    tour,
    customerId: olga,
    seats: [
      { ageGroupId: tour.adult, quantity: 2 },
      { ageGroupId: tour.child, quantity: 1 },
    ],
  });
  otherOrder = await createReservation(tdb.db, {
    locationId: loc,
    tour,
    customerId: stranger,
    seats: [{ ageGroupId: tour.adult, quantity: 1 }],
  });
  await q(
    `INSERT INTO tour_participants (order_id, age_group_id, first_name, last_name, email, checkin_code, created_via)
     VALUES ($1, $2, 'Sven', 'Stranger', 'sven@example.test', 'SVEN00000001', 'staff')`,
    [otherOrder.orderId, tour.adult],
  );
  token = await accessToken(tdb.db, order.orderId);
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const adultBody = {
  first_name: 'Olga',
  last_name: 'Organiser',
  birth_date: '1985-02-03',
  age_group_id: 0,
  emergency_name: 'Pedro',
  emergency_phone: '+34 600 999 999',
  is_organiser: true,
};

describe('the participant page', () => {
  it('shows the group’s departure, seats, terms and balance, and nothing of other customers', async () => {
    const res = await page(token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: PublicParticipantPage }>().data;
    expect(data).toMatchObject({
      business: { site_title: 'Bay Tours' },
      order: { number: order.number, kind: 'tour' },
      event: {
        time_zone: 'UTC',
        meeting_point: { address: '1 Harbour Road', instructions: 'By the blue kiosk' },
        what_to_bring: 'Water and a hat',
      },
      filled: 0,
      signed: 0,
      required_fields: ['birth_date', 'emergency_contact'],
      terms: { version_id: tour.versionId, number: 1 },
      balance: { total_minor: 15000, paid_minor: 0, due_minor: 15000, currency: 'USD' },
      payments_enabled: true,
    });
    expect(data.terms!.body_html).toContain('own risk');
    expect(data.seats.map((s) => [s.name, s.quantity])).toEqual([
      ['Adult', 2],
      ['Child', 1],
    ]);
    for (const secret of ['Sven', 'Stranger', 'sven@', 'Olga@', '600-111', otherOrder.number])
      expect(res.body).not.toContain(secret);
  });

  it('adds participants (created_via share_link), shows first name and last initial', async () => {
    const res = await call('POST', `/api/nine/public/participant/${token}/participants`, {
      ...adultBody,
      age_group_id: tour.adult,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ first_name: 'Olga', last_initial: 'O.', signed: false });
    expect(res.body).not.toContain('Organiser');
    const row = await q(`SELECT created_via FROM tour_participants WHERE id = $1`, [res.json().data.id]);
    expect(row.rows[0].created_via).toBe('share_link');
    const shown = (await page(token)).json<{ data: PublicParticipantPage }>().data;
    expect(shown.participants).toEqual([expect.objectContaining({ first_name: 'Olga', last_initial: 'O.' })]);
  });

  it('refuses unknown fields, a child out of the age range, and a full age group', async () => {
    const extra = await call('POST', `/api/nine/public/participant/${token}/participants`, {
      ...adultBody,
      is_organiser: false,
      age_group_id: tour.adult,
      customer_id: 1,
    });
    expect(extra.statusCode).toBe(400);
    const old = await call('POST', `/api/nine/public/participant/${token}/participants`, {
      ...adultBody,
      is_organiser: false,
      first_name: 'Kid',
      age_group_id: tour.child,
      birth_date: '2000-01-01',
    });
    expect(old.statusCode).toBe(422);
    expect(code(old)).toBe(1794);
    const second = await call('POST', `/api/nine/public/participant/${token}/participants`, {
      ...adultBody,
      is_organiser: false,
      first_name: 'Ola',
      age_group_id: tour.adult,
    });
    expect(second.statusCode, second.body).toBe(201);
    const third = await call('POST', `/api/nine/public/participant/${token}/participants`, {
      ...adultBody,
      is_organiser: false,
      first_name: 'Oli',
      age_group_id: tour.adult,
    });
    expect(third.statusCode).toBe(422);
    expect(code(third)).toBe(1790);
  });

  it('lets exactly the free seats through when several add at once', async () => {
    const t = await partyToken(2);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', `/api/nine/public/participant/${t}/participants`, {
          ...adultBody,
          is_organiser: false,
          first_name: `P${i}`,
          age_group_id: tour.adult,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 422 && code(r) === 1790)).toHaveLength(6);
  });

  it('corrects a participant until signed, then refuses (1792); another order’s participant is a 404', async () => {
    const mine = (await page(token)).json<{ data: PublicParticipantPage }>().data.participants[0]!;
    const fix = await call('PATCH', `/api/nine/public/participant/${token}/participants/${mine.id}`, {
      first_name: 'Olga Maria',
      version: mine.version,
    });
    expect(fix.statusCode, fix.body).toBe(200);
    expect(fix.json().data).toMatchObject({ first_name: 'Olga Maria', version: mine.version + 1 });
    const sign = await call(
      'POST',
      `/api/nine/public/participant/${token}/participants/${mine.id}/waiver`,
      {
        term_version_id: tour.versionId,
        signer_name: 'Olga Maria Organiser',
        signer_role: 'self',
        signature_png: SIGNATURE_PNG,
        consent: true,
      },
      { 'user-agent': 'Phone browser' },
    );
    expect(sign.statusCode, sign.body).toBe(201);
    expect(sign.json().data.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    // Signing again from the page would replace a signature in force: corrections are made at the counter.
    const again = await call('POST', `/api/nine/public/participant/${token}/participants/${mine.id}/waiver`, {
      term_version_id: tour.versionId,
      signer_name: 'Olga Maria Organiser',
      signer_role: 'self',
      signature_png: SIGNATURE_PNG,
      consent: true,
    });
    expect(again.statusCode).toBe(409);
    expect(code(again)).toBe(1792);
    expect(
      (await q(`SELECT count(*)::int AS n FROM tour_waivers WHERE participant_id = $1`, [mine.id])).rows[0].n,
    ).toBe(1);
    const w = await q(
      `SELECT host(ip) AS ip, user_agent, created_via, created_by FROM tour_waivers WHERE id = $1`,
      [sign.json().data.waiver_id],
    );
    expect(w.rows[0]).toEqual({
      ip: from,
      user_agent: 'Phone browser',
      created_via: 'share_link',
      created_by: null,
    });
    const after = await call('PATCH', `/api/nine/public/participant/${token}/participants/${mine.id}`, {
      first_name: 'Someone else',
      version: mine.version + 1,
    });
    expect(after.statusCode).toBe(409);
    expect(code(after)).toBe(1792);
    const shown = (await page(token)).json<{ data: PublicParticipantPage }>().data;
    expect(shown.signed).toBe(1);
    const sven = await q(`SELECT id FROM tour_participants WHERE order_id = $1`, [otherOrder.orderId]);
    const foreign = await call(
      'PATCH',
      `/api/nine/public/participant/${token}/participants/${sven.rows[0].id}`,
      {
        first_name: 'Hacked',
        version: 1,
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the stored answers when a correction does not send them', async () => {
    const question = await addQuestion(tdb.db, tour.definitionId, 'Kept?', { position: 7 });
    const t = await partyToken();
    const added = await call('POST', `/api/nine/public/participant/${t}/participants`, {
      ...adultBody,
      first_name: 'Kim',
      age_group_id: tour.adult,
      is_organiser: false,
      answers: { [question]: true },
    });
    expect(added.statusCode, added.body).toBe(201);
    const fix = await call(
      'PATCH',
      `/api/nine/public/participant/${t}/participants/${added.json().data.id}`,
      {
        first_name: 'Kimberly',
        version: added.json().data.version,
      },
    );
    expect(fix.statusCode, fix.body).toBe(200);
    const row = await q(`SELECT first_name, answers FROM tour_participants WHERE id = $1`, [
      added.json().data.id,
    ]);
    expect(row.rows[0]).toEqual({ first_name: 'Kimberly', answers: { [question]: true } });
    await q(`DELETE FROM tour_definition_questions WHERE id = $1`, [question]);
  });

  it('corrects a participant whose answer’s question was deleted since (the stale answer is dropped)', async () => {
    const question = await addQuestion(tdb.db, tour.definitionId, 'Gone soon?');
    const t = await partyToken();
    const added = await call('POST', `/api/nine/public/participant/${t}/participants`, {
      ...adultBody,
      first_name: 'Stella',
      age_group_id: tour.adult,
      is_organiser: false,
      answers: { [question]: true },
    });
    expect(added.statusCode, added.body).toBe(201);
    await q(`DELETE FROM tour_definition_questions WHERE id = $1`, [question]);
    const fix = await call(
      'PATCH',
      `/api/nine/public/participant/${t}/participants/${added.json().data.id}`,
      {
        first_name: 'Stela',
        version: added.json().data.version,
      },
    );
    expect(fix.statusCode, fix.body).toBe(200);
    const row = await q(`SELECT answers FROM tour_participants WHERE id = $1`, [added.json().data.id]);
    expect(row.rows[0].answers).toEqual({});
  });

  it('refuses signing without consent and with a stale terms version', async () => {
    const mine = (await page(token)).json<{ data: PublicParticipantPage }>().data.participants[1]!;
    const base = {
      term_version_id: tour.versionId,
      signer_name: 'Ola',
      signer_role: 'self',
      signature_png: SIGNATURE_PNG,
    };
    const noConsent = await call(
      'POST',
      `/api/nine/public/participant/${token}/participants/${mine.id}/waiver`,
      {
        ...base,
        consent: false,
      },
    );
    expect(noConsent.statusCode).toBe(400);
    const stale = await call('POST', `/api/nine/public/participant/${token}/participants/${mine.id}/waiver`, {
      ...base,
      term_version_id: tour.versionId + 1000,
      consent: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.term_version_id).toBe(tour.versionId);
  });
});

describe('misses look the same', () => {
  it('answers unknown, malformed, expired, revoked tokens and ended orders with identical 404 bodies', async () => {
    const expired = await accessToken(tdb.db, order.orderId, {
      expiresAt: new Date(NOW.getTime() - 1000),
      purpose: 'easy_sign',
    });
    const revoked = await accessToken(tdb.db, order.orderId, { revoked: true, purpose: 'easy_sign' });
    const cancelled = await createReservation(tdb.db, {
      locationId: loc,
      tour,
      customerId: null,
      seats: [{ ageGroupId: tour.adult, quantity: 1 }],
      status: 'cancelled',
    });
    const ended = await accessToken(tdb.db, cancelled.orderId);
    const bodies = new Set<string>();
    for (const t of [
      randomBytes(32).toString('base64url'),
      'short',
      'x'.repeat(90),
      'x'.repeat(150), // (past 200 characters Fastify answers 414 for any path parameter: app.ts maxParamLength)
      'not%20a%20token',
      expired,
      revoked,
      ended,
    ]) {
      const res = await page(t);
      expect(res.statusCode, t).toBe(404);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('answers 200 random tokens with 404', async () => {
    const bodies = new Set<string>();
    for (let i = 0; i < 200; i++) {
      // A fresh address per 50, below the per-IP limit: this is about guessing, not about the limiter.
      if (i % 50 === 0) from = `10.9.${i / 50}.1`;
      const res = await page(randomBytes(32).toString('base64url'));
      expect(res.statusCode).toBe(404);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });
});

describe('easy-sign', () => {
  const lookup = (payload: object) => call('POST', '/api/nine/public/easy-sign/lookup', payload);

  it('finds the order by number and phone digits or e-mail, and the token opens the page', async () => {
    const byPhone = await lookup({ order_number: order.number, contact: '0034 600 111 222' });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    const { token: t, expires_at } = byPhone.json().data;
    expect(new Date(expires_at).getTime() - NOW.getTime()).toBe(30 * 60_000);
    const res = await page(t);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.order.number).toBe(order.number);
    const row = await q(
      `SELECT purpose FROM order_access_tokens
       WHERE order_id = $1 AND purpose = 'easy_sign' AND revoked_at IS NULL AND expires_at > now()`,
      [order.orderId],
    );
    expect(row.rowCount).toBe(1);
    const byMail = await lookup({ order_number: order.number, contact: 'olga@EXAMPLE.test' });
    expect(byMail.statusCode).toBe(200);
    const added = await call(
      'POST',
      `/api/nine/public/participant/${byMail.json().data.token}/participants`,
      {
        ...adultBody,
        is_organiser: false,
        first_name: 'Kai',
        age_group_id: tour.child,
        birth_date: '2022-02-02',
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    const via = await q(`SELECT created_via FROM tour_participants WHERE id = $1`, [added.json().data.id]);
    expect(via.rows[0].created_via).toBe('easy_sign');
  });

  it('answers a wrong contact, an unknown or sequential number, and bad input with the same 404', async () => {
    const bodies = new Set<string>();
    const first = Number(order.number);
    const tries = [
      { order_number: order.number, contact: 'sven@example.test' },
      { order_number: order.number, contact: '+1 555 999 0000' },
      { order_number: order.number, contact: '222' },
      { order_number: 'abc', contact: 'olga@example.test' },
      ...Array.from({ length: 10 }, (_, i) => ({
        order_number: String(first + 100 + i),
        contact: 'olga@example.test',
      })),
    ];
    for (const [i, t] of tries.entries()) {
      if (i % 4 === 0) from = `10.8.${i}.1`;
      const res = await lookup(t);
      expect(res.statusCode, JSON.stringify(t)).toBe(404);
      bodies.add(res.body);
    }
    expect(bodies.size).toBe(1);
  });

  it('finds rent orders too, and no tour reservation while tours are off', async () => {
    const rider = await createCustomer(tdb.db, {
      first: 'Rita',
      last: 'Rider',
      email: 'rita@x.test',
      phone: null,
    });
    const rent = await createRentOrder(tdb.db, { locationId: loc, customerId: rider });
    const { termsId } = await publishTerms(tdb.db, { title: 'Rental terms', text: 'Bring it back.' });
    await q(`INSERT INTO tour_settings (location_id, rent_terms_id) VALUES ($1, $2)`, [loc, termsId]);
    const found = await lookup({ order_number: rent.number, contact: 'rita@x.test' });
    expect(found.statusCode).toBe(200);
    const shown = (await page(found.json().data.token)).json<{ data: PublicParticipantPage }>().data;
    expect(shown).toMatchObject({
      order: { kind: 'rent' },
      event: null,
      seats: [],
      terms: { title: 'Rental terms' },
    });
    await q(`UPDATE business_info SET tour_is_enabled = false`);
    try {
      from = '10.7.0.1';
      expect((await lookup({ order_number: order.number, contact: 'olga@example.test' })).statusCode).toBe(
        404,
      );
      from = '10.7.0.2';
      expect((await lookup({ order_number: rent.number, contact: 'rita@x.test' })).statusCode).toBe(200);
    } finally {
      await q(`UPDATE business_info SET tour_is_enabled = true`);
    }
  });

  it('reads "#0123" as order 123, counted in the same bucket', async () => {
    const bucket = `easy:number:${order.number}`;
    const hits = async () =>
      Number(
        (
          await q(`SELECT coalesce(sum(hits), 0)::int AS n FROM public_rate_limits WHERE bucket = $1`, [
            bucket,
          ])
        ).rows[0].n,
      );
    const before = await hits();
    const padded = await lookup({ order_number: `# 00${order.number}`, contact: 'olga@example.test' });
    expect(padded.statusCode, padded.body).toBe(200);
    from = '10.5.0.2';
    expect((await lookup({ order_number: order.number, contact: 'olga@example.test' })).statusCode).toBe(200);
    expect(await hits()).toBe(before + 2);
  });

  it('limits tries per address and order number (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await lookup({ order_number: otherOrder.number, contact: `nobody${i}@x.test` })).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('rate limits on the page', () => {
  it('refuses a token past 120 reads a minute with 429, before reading anything', async () => {
    const t = await partyToken();
    const statuses: number[] = [];
    for (let i = 0; i < 122; i++) {
      from = `10.6.${i}.1`; // many addresses, one token
      statuses.push((await page(t)).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    const last = await page(t);
    expect(last.statusCode).toBe(429);
    expect(code(last)).toBe(1006);
  });

  it('refuses an address past 300 reads a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++)
      statuses.push((await page(randomBytes(32).toString('base64url'))).statusCode);
    expect(statuses.slice(0, 300).every((s) => s === 404)).toBe(true);
    expect(statuses[300]).toBe(429);
  });

  it('counts reads and writes in buckets of their own, named by purpose', async () => {
    const t = await partyToken();
    expect((await page(t)).statusCode).toBe(200);
    const write = await call('POST', `/api/nine/public/participant/${t}/participants`, {
      ...adultBody,
      age_group_id: tour.adult,
      is_organiser: false,
    });
    expect(write.statusCode, write.body).toBe(201);
    const buckets = (
      await q(`SELECT bucket FROM public_rate_limits WHERE bucket LIKE $1`, [`%:ip:${from}`])
    ).rows
      .map((r) => r.bucket)
      .sort();
    expect(buckets).toEqual([`part-read:ip:${from}`, `part-write:ip:${from}`]);
  });

  it('believes X-Forwarded-For only from a local proxy (TRUST_PROXY, default loopback)', async () => {
    const spoofed = await call('GET', `/api/nine/public/participant/${token}`, undefined, {
      'x-forwarded-for': '203.0.113.66',
    });
    expect(spoofed.statusCode).toBe(200);
    const viaProxy = await app.inject({
      method: 'GET',
      url: `/api/nine/public/participant/${token}`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.77' },
    });
    expect(viaProxy.statusCode).toBe(200);
    const buckets = (
      await q(`SELECT bucket FROM public_rate_limits WHERE bucket LIKE 'part-read:ip:%'`)
    ).rows.map((r) => r.bucket);
    expect(buckets).toContain(`part-read:ip:${from}`);
    expect(buckets).not.toContain('part-read:ip:203.0.113.66');
    expect(buckets).toContain('part-read:ip:203.0.113.77');
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(trustProxyFrom('true')).toBe(true);
    expect(trustProxyFrom('false')).toBe(false);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('10.0.0.0/8, 192.168.1.5')).toEqual(['10.0.0.0/8', '192.168.1.5']);
    expect(() => trustProxyFrom('everyone')).toThrow(/TRUST_PROXY/);
  });

  it('refuses a NUL character in a public body with 400', async () => {
    const res = await call('POST', `/api/nine/public/participant/${token}/participants`, {
      ...adultBody,
      first_name: 'Nu\u0000l',
      age_group_id: tour.adult,
      is_organiser: false,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the landing page', () => {
  it('lists the next two weeks’ bookable departures with seats left, not private or far ones', async () => {
    const privateEvent = Number(
      (
        await q(
          `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants, private_order_id)
           VALUES ($1, $2, $3, $3::timestamptz + interval '2 hours', 8, 1, $4) RETURNING id`,
          [tour.definitionId, loc, inDays(4), otherOrder.orderId],
        )
      ).rows[0].id,
    );
    const far = Number(
      (
        await q(
          `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
           VALUES ($1, $2, $3, $3::timestamptz + interval '2 hours', 8, 1) RETURNING id`,
          [tour.definitionId, loc, inDays(20)],
        )
      ).rows[0].id,
    );
    const res = await call('GET', '/api/nine/public/landing');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: PublicLanding }>().data;
    expect(data.business).toMatchObject({
      site_title: 'Bay Tours',
      address: '1 Harbour Road',
      phone: '+34 900 000 000',
    });
    expect(data.tours_enabled).toBe(true);
    const ids = data.departures.map((d) => d.event_id);
    expect(ids).toContain(tour.eventId);
    expect(ids).not.toContain(privateEvent);
    expect(ids).not.toContain(far);
    const taken = (await q(`SELECT seats_taken FROM tour_events WHERE id = $1`, [tour.eventId])).rows[0]
      .seats_taken;
    expect(data.departures.find((d) => d.event_id === tour.eventId)).toMatchObject({
      capacity: 12,
      seats_left: 12 - taken,
      meeting_point: expect.stringContaining('Pier'),
    });
    expect(taken).toBeGreaterThan(0);
  });

  it('leaves out departures past the booking cut-off (60 minutes by default)', async () => {
    const soon = Number(
      (
        await q(
          `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
           VALUES ($1, $2, $3, $3::timestamptz + interval '2 hours', 8, 1) RETURNING id`,
          [tour.definitionId, loc, new Date(NOW.getTime() + 30 * 60_000).toISOString()],
        )
      ).rows[0].id,
    );
    const data = (await call('GET', '/api/nine/public/landing')).json<{ data: PublicLanding }>().data;
    expect(data.departures.map((d) => d.event_id)).not.toContain(soon);
  });

  it('lists nothing while tours are switched off', async () => {
    await q(`UPDATE business_info SET tour_is_enabled = false`);
    try {
      const data = (await call('GET', '/api/nine/public/landing')).json<{ data: PublicLanding }>().data;
      expect(data).toMatchObject({ tours_enabled: false, departures: [] });
      expect(data.business.site_title).toBe('Bay Tours');
    } finally {
      await q(`UPDATE business_info SET tour_is_enabled = true`);
    }
  });
});
