import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type {
  TourManifest,
  TourManifestRow,
  TourReservationDetail,
  TourReservationRow,
} from '@nine/shared/schemas/tours/reservations';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { totalWithTax } from '../src/modules/orders/order-service.ts';
import { resolveAccessToken } from '../src/modules/public/order-access-token.ts';
import { createCatalogue, createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** Tour reservations (issue #20): booking, list, detail, manifest, share links, check-in, scope. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let manager: Record<string, string>;
let guide: Record<string, string>;
let elsewhere: Record<string, string>;
let renter: Record<string, string>; // rent and sale orders, no tours
let clerk: Record<string, string>; // tours only
let customer: number;
let kayakProduct: number;
let bulkProduct: number;
let adult: number;
let child: number;
let definition: number;
let tom: number;
let seatSku: string;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const START = new Date('2027-06-01T08:00:00Z');
let clock = START;
const ALL_STEPS = `ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description']`;

/** Departures made straight in the table (events have their own tests): two hours, capacity 10. */
async function departure(
  startsAt: string | Date,
  opts: { capacity?: number; status?: string; location?: number; definitionId?: number } = {},
): Promise<number> {
  const { rows } = await q(
    `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants, status)
     VALUES ($1, $2, $3::timestamptz, $3::timestamptz + interval '2 hours', $4, 1, $5::tour_event_status) RETURNING id`,
    [
      opts.definitionId ?? definition,
      opts.location ?? loc,
      startsAt,
      opts.capacity ?? 10,
      opts.status ?? 'scheduled',
    ],
  );
  return Number(rows[0].id);
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Bay');
  other = await createLocation(tdb.db, 'Hill');
  await q(`UPDATE locations SET time_zone = 'Europe/Madrid' WHERE id = $1`, [loc]);
  await createUser(tdb.db, { email: 'rs-manager@nine.test', locations: [loc], grants: everything });
  const guideUser = await createUser(tdb.db, {
    email: 'rs-guide@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'view' }],
  });
  await createUser(tdb.db, { email: 'rs-far@nine.test', locations: [other], grants: everything });
  await createUser(tdb.db, {
    email: 'rs-renter@nine.test',
    locations: [loc],
    grants: [
      { resource: 'rent_order', action: 'any' },
      { resource: 'sell_order', action: 'any' },
    ],
  });
  await createUser(tdb.db, {
    email: 'rs-clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'tour', action: 'view' },
      { resource: 'tour', action: 'change' },
    ],
  });
  ({ app } = await createTestApp(tdb.db, { now: () => clock, sessionTtlSeconds: 90 * 86_400 }));
  const headers = async (email: string, at: number) => ({
    authorization: `Bearer ${await login(app, email)}`,
    'location-id': String(at),
  });
  manager = await headers('rs-manager@nine.test', loc);
  guide = await headers('rs-guide@nine.test', loc);
  elsewhere = await headers('rs-far@nine.test', other);
  renter = await headers('rs-renter@nine.test', loc);
  clerk = await headers('rs-clerk@nine.test', loc);

  const cat = await createCatalogue(tdb.db, loc, { items: 3, bulkStock: 10 });
  customer = cat.customerId;
  kayakProduct = cat.rentProductId;
  bulkProduct = cat.bulkProductId;
  adult = Number(
    (
      await q(
        `INSERT INTO tour_age_groups (name, min_age, sort_order) VALUES ('R-Adult', 18, 1) RETURNING id`,
      )
    ).rows[0].id,
  );
  child = Number(
    (
      await q(
        `INSERT INTO tour_age_groups (name, min_age, max_age, guardian_required, sort_order) VALUES ('R-Child', 6, 17, true, 2) RETURNING id`,
      )
    ).rows[0].id,
  );
  definition = Number(
    (
      await q(
        `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity,
                                       min_participants, participants_per_leader, private_price_minor)
         VALUES ($1, 'RBAY', 'Bay paddle', 'active', ${ALL_STEPS}, 120, 10, 1, 5, 40000) RETURNING id`,
        [loc],
      )
    ).rows[0].id,
  );
  seatSku = (
    await q(
      `SELECT p.sku FROM tour_definitions d JOIN products p ON p.id = d.seat_product_id WHERE d.id = $1`,
      [definition],
    )
  ).rows[0].sku;
  await q(
    `INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor) VALUES ($1, $2, 5000), ($1, $3, 2500)`,
    [definition, adult, child],
  );
  const season = (
    await q(
      `INSERT INTO tour_definition_seasons (definition_id, name, days) VALUES ($1, 'Summer', daterange('2027-07-01', '2027-09-01')) RETURNING id`,
      [definition],
    )
  ).rows[0].id;
  await q(
    `INSERT INTO tour_definition_season_prices (season_id, age_group_id, price_minor) VALUES ($1, $2, 6000)`,
    [season, adult],
  );
  // A kayak per two adults (serialized, 3 at the location) and a life jacket per person (bulk, 10).
  await q(
    `INSERT INTO tour_definition_items (definition_id, product_id, per, age_group_id, units, per_count)
     VALUES ($1, $2, 'participant', $3, 1, 2), ($1, $4, 'participant', NULL, 1, 1)`,
    [definition, kayakProduct, adult, cat.bulkProductId],
  );
  tom = Number(
    (await q(`INSERT INTO tour_leaders (user_id) VALUES ($1) RETURNING id`, [guideUser])).rows[0].id,
  );
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers = manager,
  extra: Record<string, string> = {},
) {
  return app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload ? { payload } : {}) });
}
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
const count = async (table: string) => Number((await q(`SELECT count(*) FROM ${table}`)).rows[0].count);
const book = (payload: object, headers = manager, extra: Record<string, string> = {}) =>
  call('POST', '/api/nine/tours/reservations', payload, headers, extra);
const detailOf = async (id: number, headers = manager) =>
  (await call('GET', `/api/nine/tours/reservations/${id}`, undefined, headers)).json<{
    data: TourReservationDetail;
  }>().data;
async function taxed(net: number): Promise<number> {
  const s = (
    await q(
      `SELECT coalesce((SELECT is_tax_included FROM general_settings WHERE location_id = $1), false) AS is_tax_included,
              coalesce((SELECT sum(rate_bp) FROM taxes WHERE is_active), 0)::int AS tax_bp`,
      [loc],
    )
  ).rows[0];
  return totalWithTax(net, s);
}
const seatsTaken = async (eventId: number) =>
  Number((await q(`SELECT seats_taken FROM tour_events WHERE id = $1`, [eventId])).rows[0].seats_taken);

let e1: number; // 2027-06-10, base prices
let e2: number; // 2027-07-15, summer season
let happy: TourReservationDetail;
let summer: TourReservationDetail;

describe('booking', () => {
  it('books seats at the age groups’ prices with the equipment as free rent lines', async () => {
    e1 = await departure('2027-06-10T08:00:00Z');
    const res = await book({
      event_id: e1,
      customer_id: customer,
      seats: [
        { age_group_id: adult, quantity: 2 },
        { age_group_id: child, quantity: 1 },
      ],
      note: 'Birthday',
    });
    expect(res.statusCode, res.body).toBe(201);
    happy = res.json<{ data: TourReservationDetail }>().data;
    expect(happy).toMatchObject({ type: 'tour', status: 'confirmed', staff_note: 'Birthday' });
    expect(happy.planned_start).toBe('2027-06-10T08:00:00.000Z');
    expect(happy.tour.seats).toEqual([
      { age_group_id: adult, name: 'R-Adult', quantity: 2, unit_price_minor: 5000, guardian_required: false },
      { age_group_id: child, name: 'R-Child', quantity: 1, unit_price_minor: 2500, guardian_required: true },
    ]);
    // ceil(2 adults / 2) kayaks, the first free one by SKU; a life jacket each.
    expect(happy.tour.equipment).toHaveLength(2);
    expect(happy.tour.equipment.find((l) => l.product_id === kayakProduct)).toMatchObject({
      quantity: 1,
      item_sku: expect.stringMatching(/-0$/),
    });
    expect(happy.tour.equipment.find((l) => l.product_id !== kayakProduct)).toMatchObject({
      quantity: 3,
      item_sku: null,
    });
    expect(happy.items.filter((i) => i.unit_price_minor === 0)).toHaveLength(2);
    // The seat lines name their departure and age group; the equipment lines neither.
    expect(
      happy.items.map((i) => [i.tour_event_id, i.tour_age_group_id, i.quantity, i.unit_price_minor]),
    ).toEqual(
      expect.arrayContaining([
        [e1, adult, 2, 5000],
        [e1, child, 1, 2500],
        [null, null, 1, 0],
        [null, null, 3, 0],
      ]),
    );
    expect(happy.total_minor).toBe(await taxed(12500));
    expect(happy.tour.event).toMatchObject({ id: e1, seats_taken: 3, capacity: 10, status: 'scheduled' });
    expect(happy.tour.event.definition).toEqual({ id: definition, name: 'Bay paddle', code: 'RBAY' });
    expect(happy.tour).toMatchObject({ is_private: false, participants: [], share_link: null });
    expect(await seatsTaken(e1)).toBe(3);
    const audit = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = 'created'`,
      [String(happy.id)],
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('prices a summer departure at the season’s price, for a new customer', async () => {
    e2 = await departure('2027-07-15T08:00:00Z');
    const customers = await count('customers');
    const res = await book({
      event_id: e2,
      customer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
      seats: [{ age_group_id: adult, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    summer = res.json<{ data: TourReservationDetail }>().data;
    expect(summer.tour.seats[0]!.unit_price_minor).toBe(6000);
    expect(summer.customer?.name).toBe('Grace Hopper');
    expect(await count('customers')).toBe(customers + 1);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const before = [await count('orders'), await count('order_items'), await count('customers')];
    const bad: object[] = [
      { event_id: e1, customer_id: customer, seats: [] },
      { event_id: e1, customer_id: customer, seats: [{ age_group_id: adult, quantity: 0 }] },
      { event_id: e1, customer_id: customer, seats: [{ age_group_id: adult, quantity: 501 }] },
      {
        event_id: e1,
        customer_id: customer,
        seats: [
          { age_group_id: adult, quantity: 1 },
          { age_group_id: adult, quantity: 1 },
        ],
      },
      { event_id: e1, seats: [{ age_group_id: adult, quantity: 1 }] },
      {
        event_id: e1,
        customer_id: customer,
        customer: { first_name: 'X' },
        seats: [{ age_group_id: adult, quantity: 1 }],
      },
      { event_id: e1, customer_id: 999_999, seats: [{ age_group_id: adult, quantity: 1 }] },
      // An age group the tour has no price for.
      { event_id: e1, customer_id: customer, seats: [{ age_group_id: 999_999, quantity: 1 }] },
    ];
    for (const payload of bad) {
      const res = await book(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect([await count('orders'), await count('order_items'), await count('customers')]).toEqual(before);
    expect(await seatsTaken(e1)).toBe(3);
  });

  it('answers 1207 with the seats left when the departure is short', async () => {
    const res = await book({
      event_id: e1,
      customer_id: customer,
      seats: [{ age_group_id: adult, quantity: 8 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      resp_code: 1207,
      data: { 1207: [{ product_category: 'Bay paddle', product_sku: seatSku, seats_free: 7 }] },
    });
  });

  it('refuses equipment short: 1207 for serialized items, 1208 for bulk, nothing booked', async () => {
    // Overlapping e1: one kayak and three life jackets are taken.
    const e3 = await departure('2027-06-10T09:00:00Z');
    const before = [await count('orders'), await count('order_items')];
    const kayaks = await book({
      event_id: e3,
      customer_id: customer,
      seats: [{ age_group_id: adult, quantity: 6 }],
    });
    expect(kayaks.statusCode).toBe(422);
    expect(kayaks.json()).toMatchObject({
      resp_code: 1207,
      data: { 1207: [{ product_sku: expect.any(String) }] },
    });
    const jackets = await book({
      event_id: e3,
      customer_id: customer,
      seats: [
        { age_group_id: adult, quantity: 2 },
        { age_group_id: child, quantity: 6 },
      ],
    });
    expect(jackets.statusCode).toBe(422);
    expect(code(jackets)).toBe(1208);
    expect([await count('orders'), await count('order_items')]).toEqual(before);
    expect(await seatsTaken(e3)).toBe(0);
  });

  it('refuses past the booking cut-off (1770), and a cancelled or started departure (1771)', async () => {
    const seats = [{ age_group_id: adult, quantity: 1 }];
    const soon = await departure(new Date(clock.getTime() + 30 * 60_000));
    expect(code(await book({ event_id: soon, customer_id: customer, seats }))).toBe(1770);
    const cancelled = await departure('2027-06-11T08:00:00Z', { status: 'cancelled' });
    expect(code(await book({ event_id: cancelled, customer_id: customer, seats }))).toBe(1771);
    const started = await departure(new Date(clock.getTime() - 10 * 60_000));
    expect(code(await book({ event_id: started, customer_id: customer, seats }))).toBe(1771);
  });

  it('books a private departure at the private price, then refuses anyone else (1772)', async () => {
    const seats = [{ age_group_id: adult, quantity: 3 }];
    // e1 already has seats.
    expect(code(await book({ event_id: e1, customer_id: customer, seats, private: true }))).toBe(1772);
    const empty = await departure('2027-06-20T08:00:00Z');
    const res = await book({ event_id: empty, customer_id: customer, seats, private: true });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: TourReservationDetail }>().data;
    expect(data.tour.is_private).toBe(true);
    expect(data.tour.seats.map((s) => [s.quantity, s.unit_price_minor])).toEqual([
      [1, 40000],
      [2, 0],
    ]);
    expect(data.total_minor).toBe(await taxed(40000));
    const held = await q(`SELECT private_order_id FROM tour_events WHERE id = $1`, [empty]);
    expect(Number(held.rows[0].private_order_id)).toBe(data.id);
    expect(code(await book({ event_id: empty, customer_id: customer, seats: [seats[0]!] }))).toBe(1772);
  });

  it('replays the same answer for the same Idempotency-Key, booking once', async () => {
    const e4 = await departure('2027-06-12T08:00:00Z');
    const payload = { event_id: e4, customer_id: customer, seats: [{ age_group_id: adult, quantity: 2 }] };
    const first = await book(payload, manager, { 'idempotency-key': 'res-once-1' });
    expect(first.statusCode, first.body).toBe(201);
    const orders = await count('orders');
    const again = await book(payload, manager, { 'idempotency-key': 'res-once-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await count('orders')).toBe(orders);
    expect(await seatsTaken(e4)).toBe(2);
  });

  it('keeps the integrity rules', async () => {
    const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
    expect(broken.map((r) => [r.name, r.sample])).toEqual([]);
  });
});

describe('list and detail', () => {
  const list = async (query: string, headers = manager) => {
    const res = await call('GET', `/api/nine/tours/reservations?${query}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { rows: TourReservationRow[]; total: number } }>().data;
  };

  it('lists with filters, sorting and paging', async () => {
    const all = await list('');
    expect(all.total).toBe(4);
    const first = (await list(`event_id=${e1}`)).rows;
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      order_id: happy.id,
      number: happy.number,
      status: 'confirmed',
      seats: 3,
      seats_by_age_group: [
        { age_group_id: adult, name: 'R-Adult', quantity: 2 },
        { age_group_id: child, name: 'R-Child', quantity: 1 },
      ],
      participants: 0,
      signed: 0,
      checked_in: 0,
      paid_minor: 0,
      balance_minor: happy.total_minor,
      is_private: false,
      event: { id: e1, definition_id: definition, definition_name: 'Bay paddle' },
      customer: { id: customer, name: 'Ada Lovelace' },
    });
    expect((await list('search=hopper')).rows.map((r) => r.order_id)).toEqual([summer.id]);
    expect((await list(`search=${happy.number}`)).rows.map((r) => r.order_id)).toContain(happy.id);
    expect((await list('from=2027-07-01&to=2027-07-31')).rows.map((r) => r.order_id)).toEqual([summer.id]);
    expect((await list(`definition_id=${definition}&status=live`)).total).toBe(4);
    expect((await list('status=cancelled')).total).toBe(0);
    expect((await list('balance=paid')).total).toBe(0);
    expect((await list('balance=due')).total).toBe(4);
    expect((await list('signed=complete')).total).toBe(0);
    const byTotal = await list('sort=total&sort_type=desc&page_size=2');
    expect(byTotal.total).toBe(4);
    expect(byTotal.rows).toHaveLength(2);
    expect(byTotal.rows[0]!.total_minor).toBeGreaterThanOrEqual(byTotal.rows[1]!.total_minor);
    const page2 = await list('sort=total&sort_type=desc&page_size=2&page=2');
    expect(page2.rows[0]!.total_minor).toBeLessThanOrEqual(byTotal.rows[1]!.total_minor);
    expect((await list('sort=starts_at&sort_type=asc')).rows[0]!.order_id).toBe(happy.id);
  });

  it('answers the detail: the order view and its tour block', async () => {
    const data = await detailOf(happy.id);
    expect(data.id).toBe(happy.id);
    expect(data.tour.seats).toHaveLength(2);
    expect(data.timeline.length).toBeGreaterThan(0);
  });

  it('keeps reservations to their location (404 elsewhere)', async () => {
    expect(
      (await call('GET', `/api/nine/tours/reservations/${happy.id}`, undefined, elsewhere)).statusCode,
    ).toBe(404);
    const booked = await book(
      { event_id: e1, customer_id: customer, seats: [{ age_group_id: adult, quantity: 1 }] },
      elsewhere,
    );
    expect(booked.statusCode).toBe(404);
    expect((await list('', elsewhere)).total).toBe(0);
    expect(
      (await call('GET', `/api/nine/tours/events/${e1}/manifest`, undefined, elsewhere)).statusCode,
    ).toBe(404);
  });
});

describe('manifest, share link and check-in', () => {
  let organiser: number;
  let kid: number;
  const CODE = 'ADULTCODE01';

  beforeAll(async () => {
    const terms = (await q(`INSERT INTO tour_terms (kind, title) VALUES ('waiver', 'R waiver') RETURNING id`))
      .rows[0].id;
    const version = (
      await q(
        `INSERT INTO tour_term_versions (terms_id, number, status, title, body, body_html, body_text, body_sha256, published_at)
         VALUES ($1, 1, 'published', 'R waiver', '{}', '', '', decode(repeat('ab', 32), 'hex'), now()) RETURNING id`,
        [terms],
      )
    ).rows[0].id;
    const participant = async (groupId: number, first: string, checkin: string, isOrganiser: boolean) =>
      Number(
        (
          await q(
            `INSERT INTO tour_participants (order_id, age_group_id, is_organiser, first_name, last_name, checkin_code,
                                            created_via, emergency_name, emergency_phone, created_at)
             VALUES ($1, $2, $3, $4, 'Lovelace', $5, 'staff', 'Bob', '+1 555 0101', '2027-01-01') RETURNING id`,
            [happy.id, groupId, isOrganiser, first, checkin],
          )
        ).rows[0].id,
      );
    organiser = await participant(adult, 'Ada', CODE, true);
    const question = (
      await q(
        `INSERT INTO tour_definition_questions (definition_id, label, kind, position) VALUES ($1, 'Diet', 'short', 1) RETURNING id`,
        [definition],
      )
    ).rows[0].id;
    await q(`UPDATE tour_participants SET answers = jsonb_build_object($2::text, 'Vegan') WHERE id = $1`, [
      organiser,
      String(question),
    ]);
    kid = await participant(child, 'Byron', 'CHILDCODE01', false);
    await q(
      `INSERT INTO tour_waivers (participant_id, order_id, term_version_id, signer_name, signer_role, signed_content,
                                 content_sha256, signature_png, created_via)
       VALUES ($1, $2, $3, 'Ada Lovelace', 'self', '{}', decode(repeat('cd', 32), 'hex'), decode(repeat('00', 100), 'hex'), 'staff')`,
      [organiser, happy.id, version],
    );
    await q(
      `INSERT INTO tour_event_leaders (event_id, leader_id, period) SELECT id, $2, tstzrange(starts_at, ends_at) FROM tour_events WHERE id = $1`,
      [e1, tom],
    );
  });

  it('lists everyone named, and the seats nobody is named for yet', async () => {
    const res = await call('GET', `/api/nine/tours/events/${e1}/manifest`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: TourManifest }>().data;
    expect(data.event).toMatchObject({
      id: e1,
      definition_name: 'Bay paddle',
      seats_taken: 3,
      time_zone: 'Europe/Madrid',
    });
    expect(data.participants.map((p) => [p.first_name, p.signed, p.is_organiser])).toEqual([
      ['Ada', true, true],
      ['Byron', false, false],
    ]);
    expect(data.participants[0]).toMatchObject({
      order_number: happy.number,
      customer_name: 'Ada Lovelace',
      age_group_name: 'R-Adult',
      checkin_code: CODE,
      emergency_name: 'Bob',
      checked_in_at: null,
      answers_summary: 'Diet: Vegan',
    });
    expect(data.unnamed).toEqual([
      {
        order_id: happy.id,
        order_number: happy.number,
        customer_name: 'Ada Lovelace',
        age_group_id: adult,
        age_group_name: 'R-Adult',
        seats: 1,
      },
    ]);
    expect(data.totals).toEqual({ seats: 3, named: 2, signed: 1, checked_in: 0 });
    const detail = await detailOf(happy.id);
    expect(detail.tour.participants.map((p) => [p.first_name, p.signed?.signer_name ?? null])).toEqual([
      ['Ada', 'Ada Lovelace'],
      ['Byron', null],
    ]);
  });

  it('makes, rotates and revokes the share link', async () => {
    const made = await call('POST', `/api/nine/tours/reservations/${happy.id}/share-link`);
    expect(made.statusCode, made.body).toBe(201);
    const first = made.json<{ data: { url: string; expires_at: string } }>().data;
    expect(first.url).toMatch(/^http:\/\/nine\.test\/nine\/participant\/signe\?token=[A-Za-z0-9_-]{43}$/);
    // A day after the departure ends.
    expect(first.expires_at).toBe('2027-06-11T10:00:00.000Z');
    expect((await detailOf(happy.id)).tour.share_link).toEqual({ ...first, revoked: false });
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
    expect(await resolveAccessToken(tdb.db.pool, tokenOf(first.url), clock)).toMatchObject({
      order_id: happy.id,
    });

    const rotated = (await call('POST', `/api/nine/tours/reservations/${happy.id}/share-link`)).json().data;
    expect(rotated.url).not.toBe(first.url);
    expect(await resolveAccessToken(tdb.db.pool, tokenOf(first.url), clock)).toBeNull();
    expect((await detailOf(happy.id)).tour.share_link?.url).toBe(rotated.url);

    const revoked = await call('DELETE', `/api/nine/tours/reservations/${happy.id}/share-link`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ url: null, revoked: true });
    expect(await resolveAccessToken(tdb.db.pool, tokenOf(rotated.url), clock)).toBeNull();
    expect((await detailOf(happy.id)).tour.share_link).toMatchObject({ url: null, revoked: true });
    expect((await call('DELETE', `/api/nine/tours/reservations/${summer.id}/share-link`)).statusCode).toBe(
      404,
    );
  });

  it('checks in within the window only, once, and undoes', async () => {
    const start = new Date('2027-06-10T08:00:00Z').getTime();
    const byCode = () => call('POST', `/api/nine/tours/events/${e1}/check-in`, { code: CODE.toLowerCase() });
    try {
      clock = new Date(start - 61 * 60_000);
      expect(code(await byCode())).toBe(1773);
      clock = new Date(start - 30 * 60_000);
      const res = await byCode();
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json<{ data: TourManifestRow }>().data;
      expect(row).toMatchObject({ participant_id: organiser, checked_in_at: clock.toISOString() });
      expect(code(await byCode())).toBe(1774);
      expect(code(await call('POST', `/api/nine/tours/participants/${organiser}/check-in`, {}))).toBe(1774);
      // Another departure's code is not found here.
      expect((await call('POST', `/api/nine/tours/events/${e2}/check-in`, { code: CODE })).statusCode).toBe(
        404,
      );

      const undone = await call('POST', `/api/nine/tours/participants/${organiser}/check-in`, { undo: true });
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json().data.checked_in_at).toBeNull();
      const kidIn = await call('POST', `/api/nine/tours/participants/${kid}/check-in`, {});
      expect(kidIn.json().data.checked_in_at).toBe(clock.toISOString());
      const manifest = (await call('GET', `/api/nine/tours/events/${e1}/manifest`)).json<{
        data: TourManifest;
      }>().data;
      expect(manifest.totals.checked_in).toBe(1);

      clock = new Date(start - 10 * 60_000);
      expect(code(await byCode())).toBe(1773);
    } finally {
      clock = START;
    }
  });

  it('shows a guide without tour:change only the departures they lead', async () => {
    const rows = (await call('GET', '/api/nine/tours/reservations', undefined, guide)).json().data.rows;
    expect(rows.map((r: TourReservationRow) => r.order_id)).toEqual([happy.id]);
    expect((await call('GET', `/api/nine/tours/reservations/${happy.id}`, undefined, guide)).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', `/api/nine/tours/reservations/${summer.id}`, undefined, guide)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/nine/tours/events/${e1}/manifest`, undefined, guide)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/nine/tours/events/${e2}/manifest`, undefined, guide)).statusCode).toBe(
      404,
    );
    const seats = [{ age_group_id: adult, quantity: 1 }];
    expect((await book({ event_id: e1, customer_id: customer, seats }, guide)).statusCode).toBe(403);
    // Check-in at the meeting point: the guide's own departure only (an undo: the window is closed now).
    const undo = await call('POST', `/api/nine/tours/participants/${kid}/check-in`, { undo: true }, guide);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(
      (await call('POST', `/api/nine/tours/events/${e2}/check-in`, { code: CODE }, guide)).statusCode,
    ).toBe(404);
  });

  it('keeps the integrity rules', async () => {
    const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
    expect(broken.map((r) => [r.name, r.sample])).toEqual([]);
  });
});

describe('tour orders among the other orders', () => {
  it('keeps reservations out of the rent list, and their seat product out of inventory and orders', async () => {
    const rents = await call('GET', '/api/nine/rent-orders?page_size=200');
    expect(rents.statusCode, rents.body).toBe(200);
    expect(rents.json().data.rows.map((r: { type: string }) => r.type)).not.toContain('tour');
    const seat = Number(
      (await q(`SELECT seat_product_id FROM tour_definitions WHERE id = $1`, [definition])).rows[0]
        .seat_product_id,
    );
    expect((await call('GET', `/api/nine/inventory/products/${seat}`)).statusCode).toBe(404);
    const rent = await call('POST', '/api/nine/rent-orders', {
      customer_id: customer,
      planned_start: '2027-08-01T08:00:00Z',
      planned_finish: '2027-08-02T08:00:00Z',
      items: [{ product_id: seat, quantity: 1 }],
    });
    expect(rent.statusCode).toBe(400);
    const sale = await call('POST', '/api/nine/sale-orders', {
      customer_id: customer,
      items: [{ product_id: seat, quantity: 1 }],
    });
    expect(sale.statusCode).toBe(400);
    const history = await call('GET', `/api/nine/customers/${customer}/orders`);
    expect(history.statusCode, history.body).toBe(200);
  });

  it('opens and changes a reservation in the order view with the tour permission, not the rent one', async () => {
    const url = `/api/nine/rent-orders/${summer.id}`;
    expect((await call('GET', url, undefined, clerk)).statusCode).toBe(200);
    expect((await call('GET', url, undefined, renter)).statusCode).toBe(403);
    const { version } = await detailOf(summer.id);
    const notes = await call('PATCH', `${url}/notes`, { version, staff_note: 'Vegetarian' }, clerk);
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json().data.staff_note).toBe('Vegetarian');
    const refused = await call('PATCH', `${url}/notes`, { version: version + 1, staff_note: 'x' }, renter);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/nine/orders/${summer.id}/money`, undefined, clerk)).statusCode).toBe(200);
  });
});

describe('review fixes: permissions, private release, share links, order events', () => {
  it('holds every rent-order route to the order’s own resource: a renter may not touch a tour', async () => {
    const detail = await detailOf(summer.id);
    // The seat line (the summer price); the equipment lines are free.
    const line = detail.items.find((i) => i.unit_price_minor === 6000)!;
    const url = `/api/nine/rent-orders/${summer.id}`;
    const edit = (headers: Record<string, string>, version: number) =>
      app.inject({
        method: 'PATCH',
        url: `${url}/items/${line.id}`,
        headers,
        payload: { version, discount_minor: 100 },
      });
    expect((await edit(renter, detail.version)).statusCode).toBe(403);
    expect(
      (await call('POST', `${url}/invoice-items`, { version: detail.version, item_ids: [line.id] }, renter))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/nine/orders/${summer.id}/coupons`, { code: 'NONE' }, renter)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          'POST',
          `${url}/change-cost`,
          { version: detail.version, order_item_id: line.id, unit_price_minor: 1, comment: 'x' },
          renter,
        )
      ).statusCode,
    ).toBe(403);
    const period = {
      version: detail.version,
      planned_start: '2027-07-16T08:00:00Z',
      planned_finish: '2027-07-16T10:00:00Z',
    };
    expect(
      (await app.inject({ method: 'PUT', url: `${url}/period`, headers: renter, payload: period }))
        .statusCode,
    ).toBe(403);
    // The period is the event's: a move, not a period change.
    expect(
      code(await app.inject({ method: 'PUT', url: `${url}/period`, headers: manager, payload: period })),
    ).toBe(1780);
    // The tour clerk edits a seat line's discount.
    const ok = await edit(clerk, detail.version);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.items.find((i: { id: number }) => i.id === line.id).discount_minor).toBe(100);
  });

  it('keeps a rental’s money and invoices from a guide, and a guide to the reservations they lead', async () => {
    const rent = await call('POST', '/api/nine/rent-orders', {
      customer_id: customer,
      planned_start: '2027-08-01T08:00:00Z',
      planned_finish: '2027-08-02T08:00:00Z',
      items: [{ product_id: bulkProduct, quantity: 1 }],
    });
    expect(rent.statusCode, rent.body).toBe(201);
    const rentId = rent.json().data.id;
    expect((await call('GET', `/api/nine/orders/${rentId}/money`, undefined, guide)).statusCode).toBe(403);
    expect((await call('GET', `/api/nine/orders/${rentId}/money`, undefined, renter)).statusCode).toBe(200);
    const invoiced = await call('POST', `/api/nine/orders/${rentId}/invoice`, {});
    expect(invoiced.statusCode, invoiced.body).toBeLessThan(300);
    const invoiceId = Number(
      (await q(`SELECT id FROM invoices WHERE order_id = $1 ORDER BY id LIMIT 1`, [rentId])).rows[0].id,
    );
    expect((await call('GET', `/api/nine/invoices/${invoiceId}`, undefined, guide)).statusCode).toBe(403);
    expect((await call('GET', `/api/nine/invoices/${invoiceId}`, undefined, renter)).statusCode).toBe(200);
    // The rent view of a tour: the guide's own departures only, as /tours/reservations/:id.
    expect((await call('GET', `/api/nine/rent-orders/${happy.id}`, undefined, guide)).statusCode).toBe(200);
    expect((await call('GET', `/api/nine/rent-orders/${summer.id}`, undefined, guide)).statusCode).toBe(404);
  });

  it('lists one order’s invoices (order_id) to tour staff for a tour, not for a rental', async () => {
    const rent = await call('POST', '/api/nine/rent-orders', {
      customer_id: customer,
      planned_start: '2027-08-03T08:00:00Z',
      planned_finish: '2027-08-04T08:00:00Z',
      items: [{ product_id: bulkProduct, quantity: 1 }],
    });
    expect(rent.statusCode, rent.body).toBe(201);
    const rentId: number = rent.json().data.id;
    for (const id of [rentId, happy.id]) {
      const invoiced = await call('POST', `/api/nine/orders/${id}/invoice`, {});
      expect(invoiced.statusCode, invoiced.body).toBeLessThan(300);
    }
    const own = async (id: number) =>
      (await q(`SELECT id FROM invoices WHERE order_id = $1 ORDER BY id`, [id])).rows.map((r) =>
        Number(r.id),
      );
    const list = (id: number | null, headers: Record<string, string>) =>
      call(
        'GET',
        `/api/nine/invoices/rents?page_size=100${id === null ? '' : `&order_id=${id}`}`,
        undefined,
        headers,
      );
    const ids = (res: { json: () => { data: { rows: { id: number }[] } } }) =>
      res
        .json()
        .data.rows.map((r) => r.id)
        .sort((a, b) => a - b);
    // Filtered to the order, for the list's own permission too.
    const mine = await list(happy.id, renter);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(ids(mine)).toEqual(await own(happy.id));
    expect((await own(happy.id)).length).toBeGreaterThan(0);
    // Tour staff: a tour's invoices, a guide only those of a departure they lead; never a rental's, nor the list.
    const clerkList = await list(happy.id, clerk);
    expect(clerkList.statusCode, clerkList.body).toBe(200);
    expect(ids(clerkList)).toEqual(await own(happy.id));
    expect(ids(await list(happy.id, guide))).toEqual(await own(happy.id));
    expect((await list(summer.id, guide)).statusCode).toBe(404);
    expect((await list(rentId, clerk)).statusCode).toBe(403);
    expect((await list(null, clerk)).statusCode).toBe(403);
    expect((await list(999_999, clerk)).statusCode).toBe(404);
    // Elsewhere the list keeps to its own location: none of this order's invoices.
    expect((await list(rentId, elsewhere)).statusCode).toBe(200);
    expect((await list(rentId, elsewhere)).json().data.rows).toEqual([]);
  });

  it('refuses CANCEL and CANCEL_ITEMS of a tour through the order events (1784)', async () => {
    const { version, items } = await detailOf(summer.id);
    for (const type of ['CANCEL', 'CANCEL_ITEMS'] as const) {
      const res = await call('POST', `/api/nine/rent-orders/${summer.id}/events`, {
        type,
        version,
        item_ids: [items[0]!.id],
        acknowledge: [],
      });
      expect(code(res)).toBe(1784);
      expect(res.json().data).toMatchObject({ reason: 'use_reservation_cancel' });
    }
    expect((await detailOf(summer.id)).status).not.toBe('cancelled');
  });

  it('frees a private departure when its booking is cancelled', async () => {
    const event = await departure('2027-06-22T08:00:00Z');
    const seats = [{ age_group_id: adult, quantity: 2 }];
    const first = await book({ event_id: event, customer_id: customer, seats, private: true });
    expect(first.statusCode, first.body).toBe(201);
    const { id, version } = first.json<{ data: TourReservationDetail }>().data;
    expect(code(await book({ event_id: event, customer_id: customer, seats }))).toBe(1772);
    const cancelled = await call('POST', `/api/nine/tours/reservations/${id}/cancel`, {
      version,
      waive_fee: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const held = await q(`SELECT private_order_id, seats_taken FROM tour_events WHERE id = $1`, [event]);
    expect(held.rows[0]).toMatchObject({ private_order_id: null, seats_taken: 0 });
    const next = await book({ event_id: event, customer_id: customer, seats });
    expect(next.statusCode, next.body).toBe(201);
    // A share link is for live reservations only.
    expect(code(await call('POST', `/api/nine/tours/reservations/${id}/share-link`))).toBe(1784);
  });

  it('moves the share link’s expiry with the reservation', async () => {
    const from = await departure('2027-06-23T08:00:00Z');
    const to = await departure('2027-06-25T08:00:00Z');
    const made = await book({
      event_id: from,
      customer_id: customer,
      seats: [{ age_group_id: adult, quantity: 1 }],
    });
    const { id } = made.json<{ data: TourReservationDetail }>().data;
    const link = (await call('POST', `/api/nine/tours/reservations/${id}/share-link`)).json().data;
    expect(link.expires_at).toBe('2027-06-24T10:00:00.000Z');
    const { version } = await detailOf(id);
    const moved = await call('POST', `/api/nine/tours/reservations/${id}/move`, { event_id: to, version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await detailOf(id)).tour.share_link?.expires_at).toBe('2027-06-26T10:00:00.000Z');
    const token = new URL(link.url).searchParams.get('token')!;
    expect(await resolveAccessToken(tdb.db.pool, token, new Date('2027-06-25T12:00:00Z'))).toMatchObject({
      order_id: id,
    });
  });

  it('makes a new customer only with customer change', async () => {
    const event = await departure('2027-06-24T08:00:00Z');
    const seats = [{ age_group_id: adult, quantity: 1 }];
    const before = await count('customers');
    const refused = await book(
      { event_id: event, customer: { first_name: 'New', last_name: 'Person' }, seats },
      clerk,
    );
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await count('customers')).toBe(before);
    expect((await book({ event_id: event, customer_id: customer, seats }, clerk)).statusCode).toBe(201);
  });

  it('prices by the departure’s local day: 22:30 UTC on June 30 is July 1 in Madrid, the summer price', async () => {
    const event = await departure('2027-06-30T22:30:00Z');
    const res = await book({
      event_id: event,
      customer_id: customer,
      seats: [{ age_group_id: adult, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ data: TourReservationDetail }>().data.tour.seats[0]!.unit_price_minor).toBe(6000);
  });

  it('picks equipment another booking holds locked past it, without waiting', async () => {
    const event = await departure('2027-06-26T08:00:00Z');
    const { rows: kayaks } = await q(`SELECT id FROM items WHERE product_id = $1 ORDER BY sku`, [
      kayakProduct,
    ]);
    const holder = await tdb.db.pool.connect();
    try {
      // A rent order booking the first kayak holds its row until it commits.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM items WHERE id = $1 FOR UPDATE', [kayaks[0].id]);
      const booking = book({
        event_id: event,
        customer_id: customer,
        seats: [{ age_group_id: adult, quantity: 2 }],
      });
      const res = await Promise.race([
        booking,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
      ]);
      expect(res, 'the booking waited for the locked kayak').not.toBeNull();
      expect(res!.statusCode, res!.body).toBe(201);
      const { id } = res!.json<{ data: TourReservationDetail }>().data;
      const taken = await q(`SELECT item_id FROM order_items WHERE order_id = $1 AND item_id IS NOT NULL`, [
        id,
      ]);
      expect(taken.rows.map((r) => r.item_id)).toEqual([kayaks[1].id]);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
  });

  it('shows a tour in the customer’s history as a tour', async () => {
    const history = await call('GET', `/api/nine/customers/${customer}/orders?page_size=100`);
    expect(history.statusCode, history.body).toBe(200);
    const row = history.json().data.rows.find((r: { id: number }) => r.id === happy.id);
    expect(row.type).toBe('tour');
  });
});
