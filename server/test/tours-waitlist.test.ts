import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type {
  TourReservationCancelled,
  TourWaitlist,
  TourWaitlistBooked,
  TourWaitlistRow,
} from '@nine/shared/schemas/tours/reservation-changes';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import { createDeparture, createTourWorld, type TourWorld } from './helpers/tour-change-fixtures.ts';

/** The waiting list of a departure (issue #20): join when full, offers on cancellation, booking, expiry. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let manager: Record<string, string>;
let world: TourWorld;
let bea: number;
let cid: number;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = async (sql: string, params: unknown[] = []) => (await tdb.db.pool.query(sql, params)).rows;
const START = new Date('2026-06-01T00:00:00Z');
let clock = START;
const HOUR = 3_600_000;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Wait');
  await createUser(tdb.db, { email: 'wl-manager@nine.test', locations: [loc], grants: everything });
  ({ app } = await createTestApp(tdb.db, { now: () => clock }));
  await signIn();
  world = await createTourWorld(tdb.db, loc);
  const customer = async (name: string) =>
    Number(
      (await q(`INSERT INTO customers (first_name, last_name) VALUES ($1, 'Test') RETURNING id`, [name]))[0]
        .id,
    );
  bea = await customer('Bea');
  cid = await customer('Cid');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

/** Sessions expire by the app's clock: sign in again after moving it. */
async function signIn() {
  manager = {
    authorization: `Bearer ${await login(app, 'wl-manager@nine.test')}`,
    'location-id': String(loc),
  };
}
function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url, headers: manager, ...(payload ? { payload } : {}) });
}
const code = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
const seats = (quantity: number) => [{ age_group_id: world.adult, quantity }];

async function book(eventId: number, quantity: number): Promise<{ id: number }> {
  const res = await call('POST', '/api/nine/tours/reservations', {
    event_id: eventId,
    seats: seats(quantity),
    customer_id: world.catalogue.customerId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data;
}
async function join(eventId: number, customerId: number, quantity: number) {
  return call('POST', `/api/nine/tours/events/${eventId}/waitlist`, {
    customer_id: customerId,
    seats: seats(quantity),
  });
}
const list = async (eventId: number) =>
  (await call('GET', `/api/nine/tours/events/${eventId}/waitlist`)).json<{ data: TourWaitlist }>().data;
const version = async (orderId: number) =>
  Number((await q('SELECT version FROM orders WHERE id = $1', [orderId]))[0].version);

describe('waitlist', () => {
  it('joins a full departure once, offers freed seats to the first in line, books the offer', async () => {
    clock = START;
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-04T08:00:00Z', 3);
    const first = await book(event, 2);

    // Seats free: book instead.
    const needless = await join(event, bea, 1);
    expect(code(needless)).toBe(1782);
    expect(needless.json<{ data: { seats_free: number } }>().data.seats_free).toBe(1);

    await book(event, 1);
    const b = await join(event, bea, 2);
    expect(b.statusCode, b.body).toBe(201);
    const beaEntry = b.json<{ data: TourWaitlistRow }>().data;
    expect(beaEntry).toMatchObject({ status: 'waiting', seat_count: 2, customer_name: 'Bea Test' });
    expect(code(await join(event, bea, 1))).toBe(1783);
    const c = await join(event, cid, 1);
    expect(c.statusCode).toBe(201);
    const newcomer = await call('POST', `/api/nine/tours/events/${event}/waitlist`, {
      customer: { first_name: 'Dee', last_name: 'New' },
      seats: seats(1),
      note: 'Any time',
    });
    expect(newcomer.statusCode, newcomer.body).toBe(201);
    expect((await list(event)).rows.map((r) => r.status)).toEqual(['waiting', 'waiting', 'waiting']);

    // Two seats freed: Bea (2) is first and fits; Cid waits behind her.
    const cancelled = await call('POST', `/api/nine/tours/reservations/${first.id}/cancel`, {
      version: await version(first.id),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<{ data: TourReservationCancelled }>().data.offered_waitlist_ids).toEqual([
      beaEntry.id,
    ]);
    const after = await list(event);
    expect(after.rows.map((r) => [r.customer_name, r.status])).toEqual([
      ['Bea Test', 'offered'],
      ['Cid Test', 'waiting'],
      ['Dee New', 'waiting'],
    ]);
    // The offer holds the seats: none free for others.
    expect(after.seats_free).toBe(0);
    const offered = after.rows[0]!;
    expect(new Date(offered.offer_expires_at!).getTime() - clock.getTime()).toBe(24 * HOUR);

    const booked = await call('POST', `/api/nine/tours/waitlist/${offered.id}/book`, {
      version: offered.version,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const result = booked.json<{ data: TourWaitlistBooked }>().data;
    expect(result.entry).toMatchObject({ status: 'booked', order_id: result.order_id });
    expect(
      Number((await q('SELECT seats_taken FROM tour_events WHERE id = $1', [event]))[0].seats_taken),
    ).toBe(3);
  });

  it('lets a lapsed offer pass on to the next in line, and refuses booking it (1781)', async () => {
    clock = START;
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-06T08:00:00Z', 1);
    const holder = await book(event, 1);
    const b = (await join(event, bea, 1)).json<{ data: TourWaitlistRow }>().data;
    const c = (await join(event, cid, 1)).json<{ data: TourWaitlistRow }>().data;
    await call('POST', `/api/nine/tours/reservations/${holder.id}/cancel`, {
      version: await version(holder.id),
    });
    const offered = (await list(event)).rows.find((r) => r.id === b.id)!;
    expect(offered.status).toBe('offered');

    clock = new Date(START.getTime() + 25 * HOUR);
    await signIn();
    const late = await call('POST', `/api/nine/tours/waitlist/${b.id}/book`, { version: offered.version });
    expect(code(late)).toBe(1781);
    const rows = (await list(event)).rows;
    expect(rows.find((r) => r.id === b.id)!.status).toBe('expired');
    expect(rows.find((r) => r.id === c.id)!.status).toBe('offered');

    // A manual offer and leaving the list.
    const expired = rows.find((r) => r.id === b.id)!;
    const again = await call('POST', `/api/nine/tours/waitlist/${b.id}/offer`, {
      version: expired.version,
      hours: 2,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: TourWaitlistRow }>().data.status).toBe('offered');
    const removed = await call('DELETE', `/api/nine/tours/waitlist/${c.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: TourWaitlistRow }>().data.status).toBe('removed');
    clock = START;
    await signIn();
  });

  it('keeps an offer’s seats from a walk-in booking, racing or not', async () => {
    clock = START;
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-07T08:00:00Z', 2);
    const holder = await book(event, 2);
    const b = (await join(event, bea, 1)).json<{ data: TourWaitlistRow }>().data;
    await call('POST', `/api/nine/tours/reservations/${holder.id}/cancel`, {
      version: await version(holder.id),
    });
    const offered = (await list(event)).rows.find((r) => r.id === b.id)!;
    expect(offered.status).toBe('offered');
    const walkIn = (quantity: number) =>
      call('POST', '/api/nine/tours/reservations', {
        event_id: event,
        seats: seats(quantity),
        customer_id: world.catalogue.customerId,
      });
    // Two seats empty, one of them Bea's: a party of two is refused, naming the tour.
    const party = await walkIn(2);
    expect(code(party)).toBe(1207);
    const [tour] = await q(
      `SELECT d.name, p.sku FROM tour_definitions d JOIN products p ON p.id = d.seat_product_id WHERE d.id = $1`,
      [world.definition],
    );
    expect(party.json<{ data: Record<string, object[]> }>().data['1207']![0]).toEqual({
      product_category: tour!.name,
      product_sku: tour!.sku,
      seats_free: 1,
    });
    // A walk-in of two and Bea's booking at once: Bea's seat is hers whatever the order.
    const [w, own] = await Promise.all([
      walkIn(2),
      call('POST', `/api/nine/tours/waitlist/${b.id}/book`, { version: offered.version }),
    ]);
    expect(own!.statusCode, own!.body).toBe(201);
    expect(code(w!)).toBe(1207);
    expect((await walkIn(1)).statusCode).toBe(201);
    expect(
      Number((await q('SELECT seats_taken FROM tour_events WHERE id = $1', [event]))[0].seats_taken),
    ).toBe(2);
  });

  it('books one offer once when booked twice at the same time', async () => {
    clock = START;
    const event = await createDeparture(tdb.db, loc, world.definition, '2026-06-08T08:00:00Z', 2);
    const holder = await book(event, 2);
    const b = (await join(event, bea, 2)).json<{ data: TourWaitlistRow }>().data;
    await call('POST', `/api/nine/tours/reservations/${holder.id}/cancel`, {
      version: await version(holder.id),
    });
    const offered = (await list(event)).rows.find((r) => r.id === b.id)!;
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', `/api/nine/tours/waitlist/${b.id}/book`, { version: offered.version })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      Number((await q('SELECT seats_taken FROM tour_events WHERE id = $1', [event]))[0].seats_taken),
    ).toBe(2);
    const orders = await q(`SELECT count(*)::int AS n FROM tour_reservations WHERE event_id = $1`, [event]);
    expect(orders[0].n).toBe(2);
  });

  it('answers 404 for another location', async () => {
    const other = await createLocation(tdb.db, 'Elsewhere');
    const event = await createDeparture(tdb.db, other, world.definition, '2026-06-06T08:00:00Z', 1);
    const res = await call('GET', `/api/nine/tours/events/${event}/waitlist`);
    expect(res.statusCode).toBe(404);
  });
});
