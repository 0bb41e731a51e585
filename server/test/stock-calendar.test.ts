import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// The month view reads booked units per location day from product_booked_days (migration 0016), kept by
// triggers on order_items. These tests hold it against a fresh count from the lines themselves.

let tdb: TestDatabase;
let app: NineApp['app'];
let utc: number;
let la: number;
let dock: CatalogueFixture;
let coast: CatalogueFixture;
let headers: Record<string, string>;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = <T extends object = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  tdb.db.pool.query<T>(sql, params).then((r) => r.rows);

beforeAll(async () => {
  tdb = await createTestDatabase();
  utc = await createLocation(tdb.db, 'Dock');
  la = await createLocation(tdb.db, 'Coast');
  await q(`UPDATE locations SET time_zone = 'America/Los_Angeles' WHERE id = $1`, [la]);
  dock = await createCatalogue(tdb.db, utc, { items: 3 });
  coast = await createCatalogue(tdb.db, la, { items: 2 });
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [utc, la], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'boss@nine.test')}` };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

interface Calendar {
  slots: string[];
  end: string;
  rows: { product_id: number; booked: number[] }[];
}
const calendar = async (location: number, query: string): Promise<Calendar> => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/nine/stock/availability-calendar?${query}`,
    headers: { ...headers, 'location-id': String(location) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const bookedOf = (cal: Calendar, productId: number) =>
  cal.rows.find((r) => r.product_id === productId)!.booked;

async function order(
  location: number,
  lines: { product: number; item?: number; qty?: number; from: string; to: string }[],
) {
  const [o] = await q<{ id: number }>(
    `INSERT INTO orders (type, source, status, location_id) VALUES ('rent', 'back_end', 'confirmed', $1) RETURNING id`,
    [location],
  );
  const values = lines.map(
    (_, i) =>
      `($1, $${i * 5 + 2}, $${i * 5 + 3}, $${i * 5 + 4}, 1000, 'confirmed', $${i * 5 + 5}, $${i * 5 + 6})`,
  );
  await q(
    `INSERT INTO order_items (order_id, product_id, item_id, quantity, unit_price_minor, status, planned_start, planned_finish)
     VALUES ${values.join(', ')}`,
    [o!.id, ...lines.flatMap((l) => [l.product, l.item ?? null, l.qty ?? 1, l.from, l.to])],
  );
  return o!.id;
}

/** What the summary tables must hold: counted afresh from every line, in each location's days. */
async function drift(): Promise<{ products: unknown[]; items: unknown[] }> {
  const fresh = `FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN locations l ON l.id = o.location_id
    CROSS JOIN LATERAL booked_local_days(oi.booked_period, l.time_zone) AS d(day) WHERE oi.status <> 'cancelled'`;
  const products = await q(
    `(SELECT o.location_id, oi.product_id, d.day::text,
             (count(DISTINCT oi.item_id) + coalesce(sum(oi.quantity) FILTER (WHERE oi.item_id IS NULL), 0))::int AS units
      ${fresh} GROUP BY 1, 2, 3
      EXCEPT SELECT location_id, product_id, day::text, units FROM product_booked_days)
     UNION ALL
     (SELECT location_id, product_id, day::text, units FROM product_booked_days WHERE units <> 0
      EXCEPT SELECT o.location_id, oi.product_id, d.day::text,
             (count(DISTINCT oi.item_id) + coalesce(sum(oi.quantity) FILTER (WHERE oi.item_id IS NULL), 0))::int
      ${fresh} GROUP BY 1, 2, 3)`,
  );
  const items = await q(
    `(SELECT o.location_id, oi.item_id, d.day::text, count(*)::int AS n ${fresh} AND oi.item_id IS NOT NULL GROUP BY 1, 2, 3
      EXCEPT SELECT location_id, item_id, day::text, bookings FROM item_booked_days)
     UNION ALL
     (SELECT location_id, item_id, day::text, bookings FROM item_booked_days WHERE bookings <> 0
      EXCEPT SELECT o.location_id, oi.item_id, d.day::text, count(*)::int ${fresh} AND oi.item_id IS NOT NULL GROUP BY 1, 2, 3)`,
  );
  return { products, items };
}

describe('availability calendar by location day', () => {
  it('names the location’s days, across a clock change, and counts an item once a day', async () => {
    // 2031-03-09 is the day Los Angeles moves its clocks forward: that day has 23 hours.
    const item = coast.itemIds[0]!;
    await order(la, [
      // Morning and afternoon of 8 March, local time (UTC-8): one unit that day, not two.
      { product: coast.rentProductId, item, from: '2031-03-08T17:00:00Z', to: '2031-03-08T20:00:00Z' },
      { product: coast.bulkProductId, qty: 2, from: '2031-03-08T17:00:00Z', to: '2031-03-10T17:00:00Z' },
    ]);
    await order(la, [
      { product: coast.rentProductId, item, from: '2031-03-08T22:00:00Z', to: '2031-03-09T01:00:00Z' },
      // 23:30 on 9 March local (UTC-7 by then) is 06:30 UTC on the 10th: still the 9th at the location.
      { product: coast.bulkProductId, qty: 1, from: '2031-03-10T06:30:00Z', to: '2031-03-10T06:45:00Z' },
    ]);
    const cal = await calendar(la, 'start_day=2031-03-01&slots=31');
    expect(cal.slots).toHaveLength(31);
    expect(cal.slots[0]).toBe('2031-03-01T08:00:00.000Z');
    expect(cal.slots[8]).toBe('2031-03-09T08:00:00.000Z');
    expect(cal.slots[9]).toBe('2031-03-10T07:00:00.000Z');
    expect(cal.end).toBe('2031-04-01T07:00:00.000Z');
    expect(bookedOf(cal, coast.rentProductId).slice(6, 10)).toEqual([0, 1, 0, 0]);
    expect(bookedOf(cal, coast.bulkProductId).slice(6, 11)).toEqual([0, 2, 3, 2, 0]);

    // The hours of one location day start at its local midnight.
    const day = await calendar(
      la,
      `start_day=2031-03-08&slot_minutes=360&slots=4&product_id=${coast.rentProductId}`,
    );
    expect(day.slots[0]).toBe('2031-03-08T08:00:00.000Z');
    // 17:00–20:00Z is 09:00–12:00 local; 22:00–01:00Z is 14:00–17:00 local.
    expect(day.rows[0]!.booked).toEqual([0, 1, 1, 0]);
    expect(await drift()).toEqual({ products: [], items: [] });
  });

  it('refuses a window with neither or both of start_day and from', async () => {
    for (const query of ['slots=31', 'start_day=2031-03-01&from=2031-03-01T00:00:00Z']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/nine/stock/availability-calendar?${query}`,
        headers: { ...headers, 'location-id': String(utc) },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('stays equal to a fresh count through bookings, moves, returns, cancels, deletes and zone changes', async () => {
    const hour = (h: number) => new Date(Date.UTC(2031, 4, 1) + h * 3_600_000).toISOString();
    const line = fc.record({
      bulk: fc.boolean(),
      item: fc.nat(2),
      qty: fc.integer({ min: 1, max: 4 }),
      start: fc.nat(24 * 30),
      hours: fc.integer({ min: 1, max: 80 }),
    });
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('book' as const),
        lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        kind: fc.constantFrom('cancel', 'move', 'return', 'delete', 'relocate', 'quantity', 'uncancel'),
        pick: fc.nat(),
        shift: fc.integer({ min: -30, max: 30 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'book') {
            await order(
              utc,
              o.lines.map((l) => ({
                product: l.bulk ? dock.bulkProductId : dock.rentProductId,
                item: l.bulk ? undefined : dock.itemIds[l.item],
                qty: l.bulk ? l.qty : 1,
                from: hour(l.start),
                to: hour(l.start + l.hours),
              })),
            ).catch((e: { code?: string }) => {
              // An item booked twice over the same hours: the exclusion constraint refuses the whole insert.
              if (e.code !== '23P01') throw e;
            });
            continue;
          }
          const lines = await q<{ id: number; order_id: number }>(
            `SELECT oi.id, oi.order_id FROM order_items oi JOIN orders o ON o.id = oi.order_id
             WHERE o.location_id IN ($1, $2) AND oi.planned_start >= '2031-04-01' ORDER BY oi.id`,
            [utc, la],
          );
          if (lines.length === 0) continue;
          const pick = lines[o.pick % lines.length]!;
          const statements: Record<typeof o.kind, [string, unknown[]]> = {
            cancel: [`UPDATE order_items SET status = 'cancelled' WHERE id = $1`, [pick.id]],
            uncancel: [`UPDATE order_items SET status = 'confirmed' WHERE order_id = $1`, [pick.order_id]],
            // Every line of the order in one statement: several rows through the trigger at once.
            move: [
              `UPDATE order_items SET planned_start = planned_start + $2 * interval '1 hour',
                 planned_finish = planned_finish + $2 * interval '1 hour' WHERE order_id = $1`,
              [pick.order_id, o.shift],
            ],
            return: [
              `UPDATE order_items SET returned_at = planned_start + interval '2 hours' WHERE id = $1`,
              [pick.id],
            ],
            delete: [`DELETE FROM orders WHERE id = $1`, [pick.order_id]],
            relocate: [
              `UPDATE orders SET location_id = CASE location_id WHEN $2 THEN $3 ELSE $2 END WHERE id = $1`,
              [pick.order_id, utc, la],
            ],
            quantity: [
              `UPDATE order_items SET quantity = quantity + 1 WHERE id = $1 AND item_id IS NULL`,
              [pick.id],
            ],
          };
          const [sql, params] = statements[o.kind];
          await q(sql, params).catch((e: { code?: string }) => {
            if (e.code !== '23P01') throw e;
          });
        }
        expect(await drift()).toEqual({ products: [], items: [] });
        // A UTC location has no clock change: its days are the fixed 24-hour slots from midnight.
        const byDay = await calendar(utc, 'start_day=2031-05-01&slots=31');
        const bySlot = await calendar(utc, 'from=2031-05-01T00:00:00Z&slots=31');
        expect(byDay.slots).toEqual(bySlot.slots);
        expect(byDay.rows).toEqual(bySlot.rows);
      }),
      { numRuns: 12, seed: 20261122 },
    );

    // Another time zone re-draws every line's days at that location.
    await q(`UPDATE locations SET time_zone = 'Asia/Tokyo' WHERE id = $1`, [la]);
    expect(await drift()).toEqual({ products: [], items: [] });
    await q(`UPDATE locations SET time_zone = 'America/Los_Angeles' WHERE id = $1`, [la]);
  });

  it('counts two clerks booking the same day at once', async () => {
    const [a, b] = [await tdb.db.pool.connect(), await tdb.db.pool.connect()];
    const item = dock.itemIds[2]!;
    try {
      const book = async (client: typeof a, from: string, to: string) => {
        const [o] = (
          await client.query<{ id: number }>(
            `INSERT INTO orders (type, source, status, location_id) VALUES ('rent', 'back_end', 'confirmed', $1) RETURNING id`,
            [utc],
          )
        ).rows;
        await client.query(
          `INSERT INTO order_items (order_id, product_id, item_id, quantity, unit_price_minor, status, planned_start, planned_finish)
           VALUES ($1, $2, $3, 1, 1000, 'confirmed', $4, $5), ($1, $6, NULL, 2, 500, 'confirmed', $4, $5)`,
          [o!.id, dock.rentProductId, item, from, to, dock.bulkProductId],
        );
      };
      await a.query('BEGIN');
      await b.query('BEGIN');
      // The same item in the morning and in the afternoon of 2 July, and two jackets each time.
      await book(a, '2031-07-02T08:00:00Z', '2031-07-02T11:00:00Z');
      const second = book(b, '2031-07-02T13:00:00Z', '2031-07-02T16:00:00Z');
      await new Promise((r) => setTimeout(r, 100));
      await a.query('COMMIT');
      await second;
      await b.query('COMMIT');
    } finally {
      a.release();
      b.release();
    }
    const cal = await calendar(utc, 'start_day=2031-07-01&slots=3');
    expect(bookedOf(cal, dock.rentProductId)).toEqual([0, 1, 0]);
    expect(bookedOf(cal, dock.bulkProductId)).toEqual([0, 4, 0]);
    expect(await drift()).toEqual({ products: [], items: [] });
  });
});
