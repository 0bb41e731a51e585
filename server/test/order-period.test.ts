import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Change period (PUT /api/nine/rent-orders/:id/period): the live lines take the new period, checked for
 * availability and repriced as the quote does; a refused change leaves the order as it was.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let boss: Record<string, string>;
let kayaks = 0;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Whole hours from now, so prices are whole days and the periods compare exactly.
const base = Math.ceil(Date.now() / HOUR) * HOUR;
const at = (offset: number) => new Date(base + offset).toISOString();

interface Order {
  id: number;
  version: number;
  status: string;
  total_minor: number;
  planned_start: string;
  planned_finish: string;
  items: { id: number }[];
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Quay');
  cat = await createCatalogue(tdb.db, loc, { items: 0, bulkStock: 4 });
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  boss = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: boss });
const period = (id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/nine/rent-orders/${id}/period`, payload, headers: boss });

async function newKayak(): Promise<number> {
  return (
    await q(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $2, $3, $3) RETURNING id`,
      [cat.rentProductId, `PER-${++kayaks}`, loc],
    )
  ).rows[0].id as number;
}

/** A confirmed rent order over [start, finish) (offsets from now) of the given lines. */
async function rentOrder(
  start: number,
  finish: number,
  items: ({ item_id: number } | { product_id: number; quantity: number })[],
): Promise<Order> {
  const created = await post('/api/nine/rent-orders', {
    customer_id: cat.customerId,
    planned_start: at(start),
    planned_finish: at(finish),
    items,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as Order;
}

const lines = async (id: number) =>
  (
    await q(
      `SELECT planned_start, planned_finish, unit_price_minor FROM order_items WHERE order_id = $1 ORDER BY id`,
      [id],
    )
  ).rows as { planned_start: Date; planned_finish: Date; unit_price_minor: string }[];

async function setSwitch(on: boolean) {
  const read = await app.inject({ method: 'GET', url: '/api/nine/activity-settings', headers: boss });
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/nine/activity-settings',
    headers: boss,
    payload: {
      rental_type_id: 1,
      version: read.json().data.version,
      allow_change_plan_start_after_deliver: on,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('change period', () => {
  it('extends a confirmed order by a day: the lines move, the total rises by the rate, the timeline says so', async () => {
    const order = await rentOrder(DAY, 2 * DAY, [{ item_id: await newKayak() }]);
    expect(order.total_minor).toBe(4000);
    const res = await period(order.id, {
      planned_start: at(DAY),
      planned_finish: at(3 * DAY),
      version: order.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as Order;
    expect(after.total_minor).toBe(8000);
    expect(after.version).toBeGreaterThan(order.version);
    expect(after.planned_finish).toBe(at(3 * DAY));
    const [line] = await lines(order.id);
    expect(line!.planned_finish.toISOString()).toBe(at(3 * DAY));
    expect(Number(line!.unit_price_minor)).toBe(8000);
    const audit = await q(`SELECT data FROM audit_log WHERE entity_id = $1 AND action = 'period_changed'`, [
      String(order.id),
    ]);
    expect(audit.rows[0].data).toMatchObject({
      planned_finish: { old: at(2 * DAY), new: at(3 * DAY) },
      total_minor: { old: 4000, new: 8000 },
    });
  });

  it('refuses an item another order booked over the new days (1207), changing nothing', async () => {
    const kayak = await newKayak();
    const order = await rentOrder(DAY, 2 * DAY, [{ item_id: kayak }]);
    await rentOrder(3 * DAY, 4 * DAY, [{ item_id: kayak }]);
    const res = await period(order.id, {
      planned_start: at(DAY),
      planned_finish: at(3 * DAY + HOUR),
      version: order.version,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().resp_code).toBe(1207);
    const [line] = await lines(order.id);
    expect(line!.planned_finish.toISOString()).toBe(at(2 * DAY));
    const kept = await q('SELECT version, total_minor FROM orders WHERE id = $1', [order.id]);
    expect(kept.rows[0]).toMatchObject({ version: order.version, total_minor: 4000 });
  });

  it('refuses bulk gear when the stock is taken over the new days (1208); its own units do not count', async () => {
    const mine = await rentOrder(10 * DAY, 11 * DAY, [{ product_id: cat.bulkProductId, quantity: 2 }]);
    // Its own two units: moving within its own booking is fine.
    const moved = await period(mine.id, {
      planned_start: at(10 * DAY + HOUR),
      planned_finish: at(11 * DAY + HOUR),
      version: mine.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await rentOrder(12 * DAY, 13 * DAY, [{ product_id: cat.bulkProductId, quantity: 3 }]);
    const res = await period(mine.id, {
      planned_start: at(10 * DAY + HOUR),
      planned_finish: at(12 * DAY + HOUR),
      version: moved.json().data.version,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().resp_code).toBe(1208);
  });

  it('after delivery: moving the start needs allow_change_plan_start_after_deliver, extending does not', async () => {
    const order = await rentOrder(-HOUR, DAY - HOUR, [{ item_id: await newKayak() }]);
    const delivered = await post(`/api/nine/rent-orders/${order.id}/events`, {
      type: 'DELIVER',
      item_ids: order.items.map((i) => i.id),
      version: order.version,
      acknowledge: ['unpaid', 'early_deliver', 'no_sku'],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    let version = delivered.json().data.version as number;
    const moveStart = () =>
      period(order.id, { planned_start: at(-2 * HOUR), planned_finish: at(DAY - HOUR), version });
    const refused = await moveStart();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resp_code).toBe(1711);
    const extended = await period(order.id, {
      planned_start: at(-HOUR),
      planned_finish: at(2 * DAY - HOUR),
      version,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    version = extended.json().data.version;
    await setSwitch(true);
    const moved = await moveStart();
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.planned_start).toBe(at(-2 * HOUR));
    await setSwitch(false);
  });

  it('refuses a stale version (1021) and a closed order (1710)', async () => {
    const order = await rentOrder(20 * DAY, 21 * DAY, [{ item_id: await newKayak() }]);
    const stale = await period(order.id, {
      planned_start: at(20 * DAY),
      planned_finish: at(22 * DAY),
      version: order.version - 1 || 99,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().resp_code).toBe(1021);
    await q(`UPDATE orders SET status = 'closed' WHERE id = $1`, [order.id]);
    const closed = await period(order.id, {
      planned_start: at(20 * DAY),
      planned_finish: at(22 * DAY),
      version: order.version,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().resp_code).toBe(1710);
  });

  it('refuses repricing an invoiced line (1712) but moves it when the price stays', async () => {
    const order = await rentOrder(30 * DAY, 31 * DAY, [{ item_id: await newKayak() }]);
    const invoiced = await post(`/api/nine/rent-orders/${order.id}/invoice-items`, {
      version: order.version,
      item_ids: order.items.map((i) => i.id),
    });
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const version = invoiced.json().data.order.version as number;
    const longer = await period(order.id, {
      planned_start: at(30 * DAY),
      planned_finish: at(32 * DAY),
      version,
    });
    expect(longer.statusCode).toBe(409);
    expect(longer.json().resp_code).toBe(1712);
    const moved = await period(order.id, {
      planned_start: at(30 * DAY + HOUR),
      planned_finish: at(31 * DAY + HOUR),
      version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.total_minor).toBe(4000);
  });

  it('two orders extended onto the same item at once: exactly one wins', async () => {
    const kayak = await newKayak();
    const a = await rentOrder(40 * DAY, 41 * DAY, [{ item_id: kayak }]);
    const b = await rentOrder(43 * DAY, 44 * DAY, [{ item_id: kayak }]);
    const results = await Promise.all([
      period(a.id, { planned_start: at(40 * DAY), planned_finish: at(42 * DAY + HOUR), version: a.version }),
      period(b.id, { planned_start: at(42 * DAY), planned_finish: at(44 * DAY), version: b.version }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().resp_code).toBe(1207);
  });
});
