import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * The activity settings screen's save (PUT /api/nine/activity-settings): each switch is changed through the
 * API, then the behaviour it governs is shown through the API, so a switch that stops working fails here.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let viewOnly: number;
let elsewhere: number;
let cat: CatalogueFixture;
let boss: Record<string, string>;
let viewer: Record<string, string>;
let bikes = 0;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const HOUR = 3_600_000;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Pier');
  viewOnly = await createLocation(tdb.db, 'Annex');
  elsewhere = await createLocation(tdb.db, 'Faraway');
  cat = await createCatalogue(tdb.db, loc, { items: 0, saleStock: 1000 });
  await q(`INSERT INTO rental_types (id, name) VALUES (2, 'Tours')`);
  const bossId = await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  // At the annex the boss may look at the activity settings but not change them.
  const annexRole = (await q(`INSERT INTO roles (title) VALUES ('Annex viewer') RETURNING id`)).rows[0]
    .id as number;
  await q(`INSERT INTO role_permissions (role_id, resource, action) VALUES ($1, 'activity', 'view')`, [
    annexRole,
  ]);
  await q(`INSERT INTO user_roles (user_id, role_id, location_id) VALUES ($1, $2, $3)`, [
    bossId,
    annexRole,
    viewOnly,
  ]);
  await createUser(tdb.db, {
    email: 'viewer@nine.test',
    locations: [loc],
    grants: [{ resource: 'activity', action: 'view' }],
  });
  ({ app } = await createTestApp(tdb.db));
  boss = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
  viewer = { authorization: `Bearer ${await login(app, 'viewer@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: boss });
const read = async (query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/nine/activity-settings${query}`, headers: boss });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const put = (payload: object, headers = boss) =>
  app.inject({ method: 'PUT', url: '/api/nine/activity-settings', payload, headers });

/** Changes switches of the location's Rentals settings as the screen does: from the version it read. */
async function change(switches: object, rentalTypeId = 1) {
  const { version } = await read(`?rental_type_id=${rentalTypeId}`);
  const res = await put({ rental_type_id: rentalTypeId, version, ...switches });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A rent order for one new kayak from `startsIn` for a day (4000, no tax), confirmed. */
async function rentOrder(startsIn = -HOUR, finishesIn = 20 * HOUR) {
  const item = (
    await q(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $2, $3, $3) RETURNING id`,
      [cat.rentProductId, `ACT-${++bikes}`, loc],
    )
  ).rows[0].id as number;
  const created = await post('/api/nine/rent-orders', {
    customer_id: cat.customerId,
    planned_start: new Date(Date.now() + startsIn).toISOString(),
    planned_finish: new Date(Date.now() + finishesIn).toISOString(),
    items: [{ item_id: item }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data as {
    id: number;
    version: number;
    total_minor: number;
    items: { id: number }[];
  };
  return { ...order, lines: order.items.map((i) => i.id) };
}
const event = (
  order: { id: number; lines: number[] },
  version: number,
  type: string,
  acknowledge: string[] = [],
) => post(`/api/nine/rent-orders/${order.id}/events`, { type, item_ids: order.lines, version, acknowledge });
const ALL_WARNINGS = ['unpaid', 'early_deliver', 'early_return', 'no_sku'];
/** itemsUnavailable: the exclusion constraint refused a double booking. */
const ITEMS_UNAVAILABLE = 1207;

/** Another kayak of the same product, in stock at the location. */
async function spareItem(): Promise<{ id: number; sku: string }> {
  const sku = `ACT-${++bikes}`;
  const row = await q(
    `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $2, $3, $3) RETURNING id`,
    [cat.rentProductId, sku, loc],
  );
  return { id: row.rows[0].id as number, sku };
}

/** Delivered and returned with every warning acknowledged; answers its version. */
async function returned(order: { id: number; version: number; lines: number[] }): Promise<number> {
  const delivered = await event(order, order.version, 'DELIVER', ALL_WARNINGS);
  expect(delivered.statusCode, delivered.body).toBe(200);
  const back = await event(order, delivered.json().data.version, 'RETURN', ALL_WARNINGS);
  expect(back.statusCode, back.body).toBe(200);
  return back.json().data.version;
}

describe('reading and saving', () => {
  it('answers the defaults at version 1 for a location that never saved, and the first save creates its row', async () => {
    const before = await read();
    expect(before).toMatchObject({
      location_id: loc,
      rental_type_id: 1,
      deliver_unpaid_orders: 'warn',
      allow_undo_deliver: true,
      version: 1,
      updated_at: null,
    });
    const saved = await put({ rental_type_id: 1, version: 1, warn_early_return_minutes: 45 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      location_id: loc,
      rental_type_id: 1,
      warn_early_return_minutes: 45,
      deliver_unpaid_orders: 'warn',
      version: 2,
      updated_at: expect.any(String),
    });
    expect(await read()).toEqual(saved.json().data);
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [`activity_settings:${loc}:1`],
    );
    expect(audit.rows[0].data).toEqual({
      old: { warn_early_return_minutes: 30 },
      new: { warn_early_return_minutes: 45 },
    });
  });

  it('refuses a stale version with 409 and the current version, changing nothing', async () => {
    const current = await read();
    const stale = await put({
      rental_type_id: 1,
      version: current.version - 1,
      warn_early_return_minutes: 5,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ resp_code: 1021, data: { version: current.version } });
    expect(await read()).toEqual(current);
  });

  it('refuses a location where the caller may not change the settings (403) and a caller without the right', async () => {
    for (const location_id of [viewOnly, elsewhere]) {
      const res = await put({ location_id, rental_type_id: 1, version: 1, allow_undo_deliver: false });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().resp_code).toBe(1009);
    }
    // Readable where the boss holds a role, and untouched.
    expect(await read(`?location_id=${viewOnly}`)).toMatchObject({ allow_undo_deliver: true, version: 1 });
    const clerk = await put({ rental_type_id: 1, version: 1, allow_undo_deliver: false }, viewer);
    expect(clerk.statusCode).toBe(403);
    expect(
      (await q('SELECT count(*)::int AS n FROM activity_settings WHERE location_id <> $1', [loc])).rows[0].n,
    ).toBe(0);
  });

  it('saves another location the caller may change, named by location_id', async () => {
    await q(
      `INSERT INTO user_roles (user_id, role_id, location_id)
             SELECT u.id, r.role_id, $1 FROM users u JOIN user_roles r ON r.user_id = u.id AND r.location_id = $2
             WHERE u.email = 'boss@nine.test'`,
      [elsewhere, loc],
    );
    const res = await put({
      location_id: elsewhere,
      rental_type_id: 1,
      version: 1,
      allow_undo_deliver: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ location_id: elsewhere, allow_undo_deliver: false, version: 2 });
    expect((await read()).allow_undo_deliver).toBe(true);
  });

  it('validates with the catalogue code: bounds, location-wide switches and unknown rental types', async () => {
    const { version } = await read();
    const issues = async (payload: object) => {
      const res = await put(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().resp_code).toBe(1001);
      return res.json().data.issues as { path: string; message?: string; code: string }[];
    };
    expect(await issues({ rental_type_id: 1, version, warn_early_deliver_minutes: -1 })).toMatchObject([
      { path: 'warn_early_deliver_minutes' },
    ]);
    expect(await issues({ rental_type_id: 1, version, deliver_unpaid_orders: 'sometimes' })).toMatchObject([
      { path: 'deliver_unpaid_orders' },
    ]);
    expect(await issues({ rental_type_id: 1, deliver_unpaid_orders: 'deny' })).toMatchObject([
      { path: 'version' },
    ]);
    // Sales and the category list read the location's Rentals settings: Tours cannot hold them.
    expect(
      await issues({ rental_type_id: 2, version: 1, close_sale_order: 'on_full_payment' }),
    ).toMatchObject([{ path: 'close_sale_order', message: 'default_rental_type_only' }]);
    expect(await issues({ rental_type_id: 99, version: 1, allow_undo_deliver: false })).toEqual([
      { path: 'rental_type_id', code: 'not_found' },
    ]);
    expect((await read()).version).toBe(version);
  });

  it('keeps each rental type apart and lists the rental types for the picker', async () => {
    const types = await app.inject({ method: 'GET', url: '/api/nine/rental-types', headers: viewer });
    expect(types.json().data).toEqual([
      { id: 1, name: 'Rentals' },
      { id: 2, name: 'Tours' },
    ]);
    const tours = await change({ deliver_unpaid_orders: 'deny' }, 2);
    expect(tours).toMatchObject({ rental_type_id: 2, deliver_unpaid_orders: 'deny', version: 2 });
    expect((await read()).deliver_unpaid_orders).toBe('warn');
    await change({ deliver_unpaid_orders: 'warn' }, 2);
  });
});

describe('each switch changes what the counter can do', () => {
  it('deliver_unpaid_orders: deny refuses (1204), warn asks (1205), allow delivers', async () => {
    const order = await rentOrder();
    await change({ deliver_unpaid_orders: 'deny' });
    const denied = await event(order, order.version, 'DELIVER');
    expect(denied.statusCode).toBe(422);
    expect(denied.json().resp_code).toBe(1204);
    await change({ deliver_unpaid_orders: 'warn' });
    const warned = await event(order, order.version, 'DELIVER');
    expect(warned.json()).toMatchObject({ resp_code: 1205, data: { warnings: ['unpaid'] } });
    await change({ deliver_unpaid_orders: 'allow' });
    const delivered = await event(order, order.version, 'DELIVER');
    expect(delivered.statusCode, delivered.body).toBe(200);
    await change({ deliver_unpaid_orders: 'warn' });
  });

  it('warn_early_deliver_minutes and warn_early_return_minutes decide when early is early', async () => {
    await change({
      deliver_unpaid_orders: 'allow',
      warn_early_deliver_minutes: 30,
      warn_early_return_minutes: 30,
    });
    // Starts in two hours and ends in three.
    const order = await rentOrder(2 * HOUR, 3 * HOUR);
    const early = await event(order, order.version, 'DELIVER');
    expect(early.json()).toMatchObject({ resp_code: 1205, data: { warnings: ['early_deliver'] } });
    await change({ warn_early_deliver_minutes: 180 });
    const delivered = await event(order, order.version, 'DELIVER');
    expect(delivered.statusCode, delivered.body).toBe(200);
    const version = delivered.json().data.version;
    const earlyBack = await event(order, version, 'RETURN');
    expect(earlyBack.json()).toMatchObject({ resp_code: 1205, data: { warnings: ['early_return'] } });
    await change({ warn_early_return_minutes: 240 });
    expect((await event(order, version, 'RETURN')).statusCode).toBe(200);
    await change({
      deliver_unpaid_orders: 'warn',
      warn_early_deliver_minutes: 30,
      warn_early_return_minutes: 30,
    });
  });

  it('allow_undo_deliver: off refuses undoing a delivery (1203) and the order view stops offering it', async () => {
    const order = await rentOrder();
    const delivered = await event(order, order.version, 'DELIVER', ALL_WARNINGS);
    const version = delivered.json().data.version;
    const offered = async () =>
      (await app.inject({ method: 'GET', url: `/api/nine/rent-orders/${order.id}`, headers: boss }))
        .json()
        .data.allowed_events.map((e: { type: string }) => e.type);
    expect(await offered()).toContain('UNDO_DELIVER');
    await change({ allow_undo_deliver: false });
    expect(await offered()).not.toContain('UNDO_DELIVER');
    const refused = await event(order, version, 'UNDO_DELIVER');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().resp_code).toBe(1203);
    await change({ allow_undo_deliver: true });
    const undone = await event(order, version, 'UNDO_DELIVER');
    expect(undone.statusCode, undone.body).toBe(200);
  });

  it('allow_change_plan_start_after_deliver: off keeps a delivered order start (1711), on moves it', async () => {
    const order = await rentOrder(-HOUR, 20 * HOUR);
    const delivered = await event(order, order.version, 'DELIVER', ALL_WARNINGS);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const { version, planned_finish } = delivered.json().data;
    const moveStart = () =>
      app.inject({
        method: 'PUT',
        url: `/api/nine/rent-orders/${order.id}/period`,
        headers: boss,
        payload: { version, planned_start: new Date(Date.now() - 2 * HOUR).toISOString(), planned_finish },
      });
    const refused = await moveStart();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resp_code).toBe(1711);
    await change({ allow_change_plan_start_after_deliver: true });
    const moved = await moveStart();
    expect(moved.statusCode, moved.body).toBe(200);
    await change({ allow_change_plan_start_after_deliver: false });
  });

  it('simultaneous_replace_and_deliver: off refuses replacing a delivered item (1720), on swaps it at once', async () => {
    const order = await rentOrder();
    const delivered = await event(order, order.version, 'DELIVER', ALL_WARNINGS);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const version = delivered.json().data.version as number;
    const old = delivered.json().data.items[0].item_id as number;
    const spare = await spareItem();
    const replace = () =>
      post(`/api/nine/rent-orders/${order.id}/items/${order.lines[0]}/replace`, {
        sku: spare.sku,
        version,
        acknowledge: [],
      });
    const offered = async () =>
      (await app.inject({ method: 'GET', url: `/api/nine/rent-orders/${order.id}`, headers: boss })).json()
        .data.replace_delivered;
    expect(await offered()).toBe(false);
    const refused = await replace();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resp_code).toBe(1720);

    await change({ simultaneous_replace_and_deliver: true });
    expect(await offered()).toBe(true);
    const swapped = await replace();
    expect(swapped.statusCode, swapped.body).toBe(200);
    const line = swapped.json().data.items[0];
    expect(line).toMatchObject({ status: 'delivered', item_id: spare.id, item_sku: spare.sku });
    const items = await q(
      'SELECT id, status, current_location_id, rent_count FROM items WHERE id = ANY($1) ORDER BY id',
      [[old, spare.id]],
    );
    expect(items.rows).toEqual([
      { id: old, status: 'available', current_location_id: loc, rent_count: 1 },
      { id: spare.id, status: 'rented', current_location_id: loc, rent_count: 0 },
    ]);
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = 'item_replaced'`,
      [String(order.id)],
    );
    expect(audit.rows.map((r) => r.data)).toEqual([
      { order_item_id: order.lines[0], old_sku: expect.any(String), new_sku: spare.sku, delivered: true },
    ]);
    await change({ simultaneous_replace_and_deliver: false });
  });

  it('simultaneous_replace_and_deliver: two delivered orders replaced onto one item at once, one wins', async () => {
    await change({ simultaneous_replace_and_deliver: true });
    const orders = [await rentOrder(), await rentOrder()];
    const versions: number[] = [];
    for (const order of orders) {
      const delivered = await event(order, order.version, 'DELIVER', ALL_WARNINGS);
      expect(delivered.statusCode, delivered.body).toBe(200);
      versions.push(delivered.json().data.version as number);
    }
    const spare = await spareItem();
    const answers = await Promise.all(
      orders.map((order, i) =>
        post(`/api/nine/rent-orders/${order.id}/items/${order.lines[0]}/replace`, {
          sku: spare.sku,
          version: versions[i],
          acknowledge: [],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().resp_code).toBe(ITEMS_UNAVAILABLE);
    const booked = await q('SELECT count(*)::int AS n FROM order_items WHERE item_id = $1', [spare.id]);
    expect(booked.rows[0].n).toBe(1);
    await change({ simultaneous_replace_and_deliver: false });
  });

  it('close_with_balance_due: deny refuses closing (1254), allow closes', async () => {
    const order = await rentOrder();
    const version = await returned(order);
    await change({ close_with_balance_due: 'deny' });
    const refused = await event(order, version, 'CLOSE');
    expect(refused.json()).toMatchObject({
      resp_code: 1254,
      data: { reasons: [{ reason: 'balance_due', amount_minor: order.total_minor }] },
    });
    await change({ close_with_balance_due: 'allow' });
    const closed = await event(order, version, 'CLOSE');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.status).toBe('closed');
    await change({ close_with_balance_due: 'warn' });
  });

  it('close_with_deposit_held: deny refuses closing (1254), warn asks to acknowledge the deposit', async () => {
    const order = await rentOrder();
    const version = await returned(order);
    const paid = await post('/api/nine/payments', {
      order_id: order.id,
      method: 'cash',
      amount_minor: order.total_minor,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const held = await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 2000 });
    expect(held.statusCode, held.body).toBe(201);
    await change({ close_with_deposit_held: 'deny' });
    const refused = await event(order, version, 'CLOSE');
    expect(refused.json()).toMatchObject({
      resp_code: 1254,
      data: { reasons: [{ reason: 'deposit_held' }] },
    });
    await change({ close_with_deposit_held: 'warn' });
    const warned = await event(order, version, 'CLOSE');
    expect(warned.json()).toMatchObject({ resp_code: 1205, data: { warnings: ['deposit_held'] } });
    expect((await event(order, version, 'CLOSE', ['deposit_held'])).statusCode).toBe(200);
    await change({ close_with_deposit_held: 'deny' });
  });

  it('close_sale_order: on_full_payment closes a sale paid in full, manual leaves it open', async () => {
    const sell = async () => {
      const sale = (
        await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 1 }] })
      ).json().data;
      const paid = await post('/api/nine/payments', {
        order_id: sale.id,
        method: 'cash',
        amount_minor: sale.total_minor,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      return (await q('SELECT status FROM orders WHERE id = $1', [sale.id])).rows[0].status;
    };
    await change({ close_sale_order: 'manual' });
    expect(await sell()).toBe('open');
    await change({ close_sale_order: 'on_full_payment' });
    expect(await sell()).toBe('closed');
    await change({ close_sale_order: 'manual' });
  });

  it('manual_invoice_time: never refuses invoicing by hand (1252), anytime invoices', async () => {
    const order = await rentOrder();
    const invoice = () => post(`/api/nine/orders/${order.id}/invoice`, {});
    await change({ manual_invoice_time: 'never' });
    const refused = await invoice();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().resp_code).toBe(1252);
    expect(
      (await app.inject({ method: 'GET', url: `/api/nine/rent-orders/${order.id}`, headers: boss })).json()
        .data,
    ).toMatchObject({ manual_invoice_time: 'never' });
    await change({ manual_invoice_time: 'anytime' });
    const billed = await invoice();
    expect(billed.statusCode, billed.body).toBe(201);
  });

  it('is_recurring_enabled: off refuses auto billing (recurring_disabled), on starts it', async () => {
    const order = await rentOrder(HOUR, 30 * 24 * HOUR);
    const start = () =>
      app.inject({
        method: 'PUT',
        url: `/api/nine/rent-orders/${order.id}/auto-billing`,
        headers: boss,
        payload: { frequency: 'weekly', next_invoice_date: '2030-01-01' },
      });
    await change({ is_recurring_enabled: false });
    const refused = await start();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.reason).toBe('recurring_disabled');
    await change({ is_recurring_enabled: true });
    expect((await start()).statusCode).toBe(200);
  });

  it('show_category_image_in_admin_pannel: the category list says whether to show images', async () => {
    const shown = async () =>
      (await app.inject({ method: 'GET', url: '/api/nine/categories', headers: boss })).json().data
        .show_images;
    await change({ show_category_image_in_admin_pannel: false });
    expect(await shown()).toBe(false);
    await change({ show_category_image_in_admin_pannel: true });
    expect(await shown()).toBe(true);
  });

  it('is_migration_in_progress: refuses new orders of that rental type (1600) until it is turned off', async () => {
    await change({ is_migration_in_progress: true });
    const before = (await q('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    const rent = await post('/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2031-01-01T09:00:00Z',
      planned_finish: '2031-01-01T17:00:00Z',
      items: [{ product_id: cat.bulkProductId, quantity: 1 }],
    });
    expect(rent.statusCode).toBe(409);
    expect(rent.json().resp_code).toBe(1600);
    const sale = await post('/api/nine/sale-orders', {
      items: [{ product_id: cat.saleProductId, quantity: 1 }],
    });
    expect(sale.json().resp_code).toBe(1600);
    expect((await q('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(before);
    // Tours are not being migrated: their orders go through.
    const tour = await post('/api/nine/rent-orders', {
      customer_id: cat.customerId,
      rental_type_id: 2,
      planned_start: '2031-01-01T09:00:00Z',
      planned_finish: '2031-01-01T17:00:00Z',
      items: [{ product_id: cat.bulkProductId, quantity: 1 }],
    });
    expect(tour.statusCode, tour.body).toBe(201);
    await change({ is_migration_in_progress: false });
    expect(
      (await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 1 }] }))
        .statusCode,
    ).toBe(201);
  });
});
