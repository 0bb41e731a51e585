import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let far: CatalogueFixture;
let headers: Record<string, string>;
let clerk: Record<string, string>;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Dock');
  other = await createLocation(tdb.db, 'Pier');
  cat = await createCatalogue(tdb.db, loc, { items: 4 });
  far = await createCatalogue(tdb.db, other, { items: 1 });
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc, other], grants: everything });
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'inventory', action: 'view' },
      { resource: 'operational_report', action: 'manage' },
    ],
  });
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'boss@nine.test'`, [
    await hashPassword('4321'),
  ]);
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
  clerk = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const get = (url: string, h = headers) => app.inject({ method: 'GET', url, headers: h });
const post = (url: string, payload: object = {}, h = headers) =>
  app.inject({ method: 'POST', url, payload, headers: h });
const itemRow = async (id: number) =>
  (await q('SELECT sku, barcode, status, current_location_id FROM items WHERE id = $1', [id])).rows[0] as {
    sku: string;
    barcode: string;
    status: string;
    current_location_id: number;
  };
const auditOf = async (type: string, id: number) =>
  (
    await q('SELECT action FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY id', [
      type,
      String(id),
    ])
  ).rows.map((r) => r.action as string);

describe('barcode lookup', () => {
  it('lands on the item by barcode or SKU, any case, with its status and allowed actions', async () => {
    const item = await itemRow(cat.itemIds[0]!);
    const byBarcode = await get(`/api/nine/stock/barcode?code=${item.barcode}`);
    expect(byBarcode.statusCode).toBe(200);
    expect(byBarcode.json().data).toMatchObject({
      kind: 'item',
      item_id: cat.itemIds[0],
      sku: item.sku,
      status: 'available',
      product_name: 'Sea kayak',
      current_location: 'Dock',
      maintenance_due: false,
      actions: ['open_product', 'send_to_maintenance'],
    });
    const bySku = await get(`/api/nine/stock/barcode?code=${item.sku.toLowerCase()}`);
    expect(bySku.json().data.item_id).toBe(cat.itemIds[0]);
  });

  it('offers only opening the product for an item of another location', async () => {
    const item = await itemRow(far.itemIds[0]!);
    const res = await get(`/api/nine/stock/barcode?code=${item.barcode}`);
    expect(res.json().data).toMatchObject({ current_location: 'Pier', actions: ['open_product'] });
  });

  it('finds a bulk product by SKU with its stock here, and names an unknown code', async () => {
    const sku = (await q('SELECT sku FROM products WHERE id = $1', [cat.bulkProductId])).rows[0].sku;
    const product = await get(`/api/nine/stock/barcode?code=${sku}`);
    expect(product.json().data).toMatchObject({
      kind: 'product',
      product_id: cat.bulkProductId,
      stock_quantity: 10,
    });
    const missing = await get('/api/nine/stock/barcode?code=NOPE-404');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().resp_code).toBe(1332);
  });

  it('lists this location’s items for labels, searchable', async () => {
    const res = await get('/api/nine/stock/label-items?search=kay');
    const { rows, total } = res.json().data;
    expect(total).toBe(4);
    expect(rows.map((r: { item_id: number }) => r.item_id).sort()).toEqual([...cat.itemIds].sort());
  });
});

describe('availability calendar', () => {
  it('counts booked against held units per day and drills into the orders', async () => {
    const from = '2031-03-01T00:00:00.000Z';
    const before = await get(`/api/nine/stock/availability-calendar?from=${from}&slots=31`);
    expect(before.statusCode).toBe(200);
    const kayak = () =>
      before.json().data.rows.find((r: { product_id: number }) => r.product_id === cat.rentProductId);
    expect(kayak()).toMatchObject({ capacity: 4, booked: Array(31).fill(0) });
    expect(before.json().data.slots[1]).toBe('2031-03-02T00:00:00.000Z');

    const order = await post('/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2031-03-02T09:00:00Z',
      planned_finish: '2031-03-03T12:00:00Z',
      items: [{ item_id: cat.itemIds[1] }, { product_id: cat.bulkProductId, quantity: 3 }],
    });
    expect(order.statusCode).toBe(201);
    const after = (await get(`/api/nine/stock/availability-calendar?from=${from}&slots=31`)).json().data;
    const row = (id: number) => after.rows.find((r: { product_id: number }) => r.product_id === id);
    expect(row(cat.rentProductId).booked.slice(0, 4)).toEqual([0, 1, 1, 0]);
    expect(row(cat.bulkProductId)).toMatchObject({ capacity: 10 });
    expect(row(cat.bulkProductId).booked.slice(0, 4)).toEqual([0, 3, 3, 0]);

    // One day in 6-hour slots (calendar_time_intervals).
    const day = (
      await get(
        `/api/nine/stock/availability-calendar?from=2031-03-02T00:00:00Z&slot_minutes=360&slots=4&product_id=${cat.rentProductId}`,
      )
    ).json().data;
    expect(day.rows).toHaveLength(1);
    expect(day.rows[0].booked).toEqual([0, 1, 1, 1]);

    const orders = await get(
      `/api/nine/stock/availability-calendar/orders?product_id=${cat.rentProductId}&from=2031-03-02T00:00:00Z&to=2031-03-03T00:00:00Z`,
    );
    expect(orders.json().data).toEqual([
      expect.objectContaining({
        order_number: order.json().data.number,
        customer: 'Ada Lovelace',
        quantity: 1,
      }),
    ]);
  });
});

describe('scheduled maintenance and repair logs', () => {
  it('makes an item past its rent hours due and unbookable until its repair log is closed', async () => {
    const itemId = cat.itemIds[2]!;
    const rule = await post('/api/nine/stock/maintenance-rules', {
      product_id: cat.rentProductId,
      every_rent_hours: 10,
    });
    expect(rule.statusCode).toBe(201);
    const again = await post('/api/nine/stock/maintenance-rules', {
      product_id: cat.rentProductId,
      every_days: 5,
    });
    expect(again.json().resp_code).toBe(1335);
    await q('UPDATE items SET rent_minutes = 11 * 60 WHERE id = $1', [itemId]);

    const list = (await get('/api/nine/stock/scheduled-maintenance?due=due')).json().data;
    expect(list.rows).toEqual([
      expect.objectContaining({ item_id: itemId, due: true, rent_hours_since_service: 11, due_in_hours: -1 }),
    ]);
    const booking = {
      customer_id: cat.customerId,
      planned_start: '2031-05-01T09:00:00Z',
      planned_finish: '2031-05-01T17:00:00Z',
      items: [{ item_id: itemId }],
    };
    const refused = await post('/api/nine/rent-orders', booking);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().resp_code).toBe(1207);
    const free = await get(
      `/api/nine/catalogue/availability?product_id=${cat.rentProductId}&from=2031-05-01T09:00:00Z&to=2031-05-01T17:00:00Z`,
    );
    expect(free.json().data.items.map((i: { id: number }) => i.id)).not.toContain(itemId);

    const opened = await post('/api/nine/stock/repair-logs', { item_id: itemId, problem: 'Service due' });
    expect(opened.statusCode).toBe(201);
    const logId = opened.json().data.id;
    expect((await itemRow(itemId)).status).toBe('maintenance');
    expect(
      (await post('/api/nine/stock/repair-logs', { item_id: itemId, problem: 'twice' })).json().resp_code,
    ).toBe(1336);
    const work = await post(`/api/nine/stock/repair-logs/${logId}/work`, {
      work: 'New seals',
      cost_minor: 2550,
    });
    expect(work.json().data).toMatchObject({
      cost_minor: 2550,
      work: [expect.objectContaining({ work: 'New seals' })],
    });
    const closed = await post(`/api/nine/stock/repair-logs/${logId}/close`, {
      work: 'Tested',
      cost_minor: 450,
    });
    expect(closed.json().data).toMatchObject({ status: 'closed', cost_minor: 3000 });
    expect((await post(`/api/nine/stock/repair-logs/${logId}/close`)).json().resp_code).toBe(1334);

    expect((await itemRow(itemId)).status).toBe('available');
    const after = (await get('/api/nine/stock/scheduled-maintenance')).json().data.rows;
    expect(after.find((r: { item_id: number }) => r.item_id === itemId)).toMatchObject({
      due: false,
      rent_hours_since_service: 0,
      due_in_hours: 10,
    });
    expect((await post('/api/nine/rent-orders', booking)).statusCode).toBe(201);
    expect(await auditOf('item', itemId)).toEqual(['repair_opened', 'serviced']);
    expect(await auditOf('repair_log', logId)).toEqual(['work_recorded', 'work_recorded']);
  });

  it('opens a repair from a returned order with damage and refuses an item out on rent', async () => {
    const itemId = cat.itemIds[3]!;
    const { rows } = await q(
      `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'returned', $1, $2) RETURNING id, number`,
      [loc, cat.customerId],
    );
    await q(
      `INSERT INTO order_items (order_id, product_id, item_id, unit_price_minor, status, planned_start, planned_finish, returned_at)
       VALUES ($1, $2, $3, 4000, 'returned', '2020-01-01T09:00Z', '2020-01-01T17:00Z', '2020-01-01T16:00Z')`,
      [rows[0].id, cat.rentProductId, itemId],
    );
    const scanned = (await get(`/api/nine/stock/barcode?code=${(await itemRow(itemId)).barcode}`)).json()
      .data;
    expect(scanned.last_return).toMatchObject({ order_id: rows[0].id, order_number: rows[0].number });
    expect(scanned.actions).toContain('report_damage');
    const opened = await post('/api/nine/stock/repair-logs', {
      item_id: itemId,
      problem: 'Cracked hull',
      order_id: rows[0].id,
    });
    expect(opened.json().data).toMatchObject({ order_number: rows[0].number, status: 'open' });
    const rescanned = (await get(`/api/nine/stock/barcode?code=${(await itemRow(itemId)).barcode}`)).json()
      .data;
    expect(rescanned.actions).toEqual(['open_product', 'mark_available']);
    // Mark available from the barcode screen closes the open log.
    expect(
      (await post(`/api/nine/stock/items/${itemId}/serviced`, { work: 'Patched', cost_minor: 900 }))
        .statusCode,
    ).toBe(200);
    expect((await itemRow(itemId)).status).toBe('available');
    const logs = (await get(`/api/nine/stock/repair-logs?status=closed&item_id=${itemId}`)).json().data.rows;
    expect(logs).toEqual([expect.objectContaining({ problem: 'Cracked hull', cost_minor: 900 })]);

    await q(`UPDATE items SET status = 'rented' WHERE id = $1`, [itemId]);
    const out = await post('/api/nine/stock/repair-logs', { item_id: itemId, problem: 'x' });
    expect(out.json().resp_code).toBe(1333);
    await q(`UPDATE items SET status = 'available' WHERE id = $1`, [itemId]);
  });

  it('needs the maintenance permission', async () => {
    expect((await get('/api/nine/stock/scheduled-maintenance', clerk)).statusCode).toBe(403);
    expect((await get('/api/nine/stock/barcode?code=x', clerk)).json().resp_code).toBe(1332);
  });
});

describe('stocktake', () => {
  it('says none is running, then starts only with an access key', async () => {
    expect((await get('/api/nine/stock/stocktakes/current', clerk)).json().data).toEqual({ stocktake: null });
    const noKey = await post('/api/nine/stock/stocktakes', { access_key: '0000' }, clerk);
    expect(noKey.statusCode).toBe(403);
    expect(noKey.json().resp_code).toBe(1206);
    expect((await q('SELECT count(*)::int AS n FROM stocktakes')).rows[0].n).toBe(0);
  });

  it('counts scans against what was expected and writes the adjustments on close', async () => {
    const start = await post('/api/nine/stock/stocktakes', { access_key: '4321' }, clerk);
    expect(start.statusCode).toBe(201);
    const id = start.json().data.id;
    expect(start.json().data).toMatchObject({ status: 'open', expected: 4, counted: 0, approved_by: 'boss' });
    expect((await post('/api/nine/stock/stocktakes', { access_key: '4321' }, clerk)).json().resp_code).toBe(
      1330,
    );

    const codes = await Promise.all(cat.itemIds.map(async (i) => (await itemRow(i)).barcode));
    for (const code of codes.slice(0, 3)) {
      expect(
        (await post(`/api/nine/stock/stocktakes/${id}/scans`, { code }, clerk)).json().data.outcome,
      ).toBe('counted');
    }
    const twice = await post(`/api/nine/stock/stocktakes/${id}/scans`, { code: codes[0]! }, clerk);
    expect(twice.json().data.outcome).toBe('already_scanned');
    const stranger = await itemRow(far.itemIds[0]!);
    const unexpected = await post(`/api/nine/stock/stocktakes/${id}/scans`, { code: stranger.sku }, clerk);
    expect(unexpected.json().data).toMatchObject({
      outcome: 'unexpected',
      line: { current_location: 'Pier' },
    });
    const unknown = await post(`/api/nine/stock/stocktakes/${id}/scans`, { code: 'NOT-A-CODE' }, clerk);
    expect(unknown.json().resp_code).toBe(1332);

    const current = (await get('/api/nine/stock/stocktakes/current', clerk)).json().data.stocktake;
    expect(current).toMatchObject({ expected: 4, counted: 3 });
    expect(current.missing.map((l: { item_id: number }) => l.item_id)).toEqual([cat.itemIds[3]]);
    expect(current.unexpected.map((l: { item_id: number }) => l.item_id)).toEqual([far.itemIds[0]]);

    const closed = await post(`/api/nine/stock/stocktakes/${id}/close`, {}, clerk);
    expect(closed.json().data.status).toBe('closed');
    expect(await itemRow(cat.itemIds[3]!)).toMatchObject({ status: 'lost' });
    expect(await itemRow(far.itemIds[0]!)).toMatchObject({ status: 'available', current_location_id: loc });
    expect(await auditOf('item', cat.itemIds[3]!)).toContain('stocktake_missing');
    expect(await auditOf('item', far.itemIds[0]!)).toEqual(['stocktake_found']);
    expect(await auditOf('stocktake', id)).toEqual(['started', 'closed']);
    expect(
      (await post(`/api/nine/stock/stocktakes/${id}/scans`, { code: codes[0]! }, clerk)).json().resp_code,
    ).toBe(1331);
    expect((await get('/api/nine/stock/stocktakes/current', clerk)).json().data).toEqual({ stocktake: null });
    const history = (await get('/api/nine/stock/stocktakes', clerk)).json().data.rows;
    expect(history).toEqual([
      expect.objectContaining({ id, missing_count: 1, unexpected_count: 1, expected_count: 4 }),
    ]);
  });
});
