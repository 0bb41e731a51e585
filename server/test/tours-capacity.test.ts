import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { createCatalogue, createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** The last seats of a departure (design 1.1 decision 4): a burst of bookings takes exactly what is left. */
let tdb: TestDatabase;
let app: NineApp['app'];
let headers: Record<string, string>;
let customer: number;
let adult: number;
let event: number;
let definition: number;
let loc: number;
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const NOW = new Date('2027-06-01T08:00:00Z');
const CAPACITY = 12;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Bay');
  const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
  await createUser(tdb.db, { email: 'cap-manager@nine.test', locations: [loc], grants: everything });
  ({ app } = await createTestApp(tdb.db, { now: () => NOW }));
  headers = {
    authorization: `Bearer ${await login(app, 'cap-manager@nine.test')}`,
    'location-id': String(loc),
  };
  customer = (await createCatalogue(tdb.db, loc)).customerId;
  adult = Number(
    (await q(`INSERT INTO tour_age_groups (name, min_age) VALUES ('C-Adult', 18) RETURNING id`)).rows[0].id,
  );
  definition = Number(
    (
      await q(
        `INSERT INTO tour_definitions (location_id, code, name, status, steps_done, duration_minutes, capacity, min_participants)
         VALUES ($1, 'CAP', 'Capacity tour', 'active',
                 ARRAY['basic-info','pricing','cancellation-fee','gallery','location','items','description'], 60, $2, 1)
         RETURNING id`,
        [loc, CAPACITY],
      )
    ).rows[0].id,
  );
  await q(
    `INSERT INTO tour_definition_prices (definition_id, age_group_id, price_minor) VALUES ($1, $2, 3000)`,
    [definition, adult],
  );
  event = Number(
    (
      await q(
        `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
         VALUES ($1, $2, '2027-06-10T08:00:00Z', '2027-06-10T09:00:00Z', $3, 1) RETURNING id`,
        [definition, loc, CAPACITY],
      )
    ).rows[0].id,
  );
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const book = (quantity: number, key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/nine/tours/reservations',
    headers: { ...headers, 'idempotency-key': key },
    payload: { event_id: event, customer_id: customer, seats: [{ age_group_id: adult, quantity }] },
  });

describe('capacity under a burst', () => {
  it('50 parallel bookings for the last 5 seats: exactly 5 succeed, 45 answer 1207', async () => {
    const first = await book(CAPACITY - 5, 'cap-first');
    expect(first.statusCode, first.body).toBe(201);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => book(1, `cap-burst-${i}`)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(45);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json()).toMatchObject({ resp_code: 1207, data: { 1207: [{ seats_free: 0 }] } });
    }
    const seats = await q(`SELECT seats_taken, capacity FROM tour_events WHERE id = $1`, [event]);
    expect(seats.rows[0].seats_taken).toBe(CAPACITY);
    const orders = await q(`SELECT count(*)::int AS n FROM tour_reservations WHERE event_id = $1`, [event]);
    expect(orders.rows[0].n).toBe(6);
    const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
    expect(broken.map((r) => [r.name, r.sample])).toEqual([]);
  });
});

describe('the seat trigger, the last word', () => {
  const departure = async (capacity: number) =>
    Number(
      (
        await q(
          `INSERT INTO tour_events (definition_id, location_id, starts_at, ends_at, capacity, min_participants)
           VALUES ($1, $2, '2027-06-11T08:00:00Z', '2027-06-11T09:00:00Z', $3, 1) RETURNING id`,
          [definition, loc, capacity],
        )
      ).rows[0].id,
    );
  const tourOrder = async () =>
    Number(
      (
        await q(
          `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor, deposit_minor)
           VALUES ('tour', 'back_end', 'confirmed', $1, $2, 0, 0) RETURNING id`,
          [loc, customer],
        )
      ).rows[0].id,
    );
  const seatLine = `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status, tour_event_id, tour_age_group_id)
    SELECT $1, seat_product_id, $3, 3000, 'confirmed', $2, $4 FROM tour_definitions WHERE id = $5 RETURNING id`;
  const insertSeats = (order: number, eventId: number, quantity = 1) =>
    q(seatLine, [order, eventId, quantity, adult, definition]);
  const failure = (err: unknown) => {
    const e = err as { code?: string; constraint?: string };
    return { code: e.code, constraint: e.constraint };
  };

  it('refuses raw seat lines from parallel transactions beyond capacity (23514 tour_events_capacity)', async () => {
    const eventId = await departure(3);
    const orders = await Promise.all(Array.from({ length: 6 }, () => tourOrder()));
    const results = await Promise.all(
      orders.map(async (order) => {
        const client = await tdb.db.pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(seatLine, [order, eventId, 1, adult, definition]);
          await client.query('COMMIT');
          return 'ok';
        } catch (err) {
          await client.query('ROLLBACK');
          return failure(err);
        } finally {
          client.release();
        }
      }),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    expect(results.filter((r) => r !== 'ok')).toEqual(
      Array.from({ length: 3 }, () => ({ code: '23514', constraint: 'tour_events_capacity' })),
    );
    const seats = await q(`SELECT seats_taken, capacity FROM tour_events WHERE id = $1`, [eventId]);
    expect(seats.rows[0]).toEqual({ seats_taken: 3, capacity: 3 });
  });

  it('refuses another order’s seats on a private departure (23514 tour_events_private)', async () => {
    const eventId = await departure(10);
    const owner = await tourOrder();
    await insertSeats(owner, eventId, 2);
    await q(`UPDATE tour_events SET private_order_id = $2 WHERE id = $1`, [eventId, owner]);
    const intruder = await tourOrder();
    expect(await insertSeats(intruder, eventId).catch(failure)).toEqual({
      code: '23514',
      constraint: 'tour_events_private',
    });
    // The owner's own seats are welcome.
    await insertSeats(owner, eventId, 1);
    expect(
      (await q(`SELECT seats_taken FROM tour_events WHERE id = $1`, [eventId])).rows[0].seats_taken,
    ).toBe(3);
  });

  it('takes no event lock for a seat line’s status step or discount edit (net change 0)', async () => {
    const eventId = await departure(10);
    const order = await tourOrder();
    await insertSeats(order, eventId, 2);
    const holder = await tdb.db.pool.connect();
    const writer = await tdb.db.pool.connect();
    try {
      // A tour route holds the event as a booking and the seat trigger do (FOR NO KEY UPDATE).
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM tour_events WHERE id = $1 FOR NO KEY UPDATE', [eventId]);
      await writer.query('BEGIN');
      await writer.query(`SET LOCAL lock_timeout = '300ms'`);
      await writer.query(`UPDATE order_items SET status = 'delivered' WHERE order_id = $1`, [order]);
      await writer.query(`UPDATE order_items SET discount_minor = 100 WHERE order_id = $1`, [order]);
      // A real change of seats does wait for the event.
      expect(
        await writer.query(`UPDATE order_items SET quantity = 3 WHERE order_id = $1`, [order]).catch(failure),
      ).toMatchObject({ code: '55P03' });
    } finally {
      await writer.query('ROLLBACK');
      await holder.query('ROLLBACK');
      writer.release();
      holder.release();
    }
    expect(
      (await q(`SELECT seats_taken FROM tour_events WHERE id = $1`, [eventId])).rows[0].seats_taken,
    ).toBe(2);
  });

  it('keeps the integrity rules', async () => {
    const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
    expect(broken.map((r) => [r.name, r.sample])).toEqual([]);
  });
});
