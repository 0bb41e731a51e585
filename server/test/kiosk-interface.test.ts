import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// The kiosk interface (issue #18): the location's kiosk product list, the customer a kiosk rents to, the
// rent order it creates with source 'kiosk', and leaving kiosk mode with a manager's access key.

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
/** A second bulk rent product. */
let paddle: number;
/** The kiosk's signed-in clerk: rents, reads the list, cannot change location settings. */
let clerk: string;
/** Changes this location's settings; holds access key 4321. */
let manager: string;
/** A second kiosk session, so lock-out tests do not lock the clerk. */
let kiosk2: string;

const headers = (token: string, location = loc) => ({
  authorization: `Bearer ${token}`,
  'location-id': String(location),
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Beach kiosk');
  other = await createLocation(tdb.db, 'Harbor');
  cat = await createCatalogue(tdb.db, loc);
  paddle = (
    await tdb.db.pool.query<{ id: number }>(
      `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'PAD-1', 'Paddle', false, 300) RETURNING id`,
    )
  ).rows[0]!.id;
  await tdb.db.pool.query(
    `INSERT INTO activity_settings (location_id, rental_type_id) VALUES ($1, 1) ON CONFLICT DO NOTHING`,
    [loc],
  );
  const rent = [
    { resource: 'rent_order', action: 'change' },
    { resource: 'customer', action: 'view' },
  ] as const;
  await createUser(tdb.db, { email: 'clerk@nine.test', locations: [loc], grants: [...rent] });
  await createUser(tdb.db, { email: 'kiosk2@nine.test', locations: [loc], grants: [...rent] });
  const managerId = await createUser(tdb.db, {
    email: 'manager@nine.test',
    locations: [loc],
    grants: [{ resource: 'location_setting', action: 'change' }],
  });
  const otherManager = await createUser(tdb.db, {
    email: 'far@nine.test',
    locations: [other],
    grants: [{ resource: 'location_setting', action: 'change' }],
  });
  await tdb.db.pool.query('UPDATE users SET access_key_hash = $2 WHERE id = $1', [
    managerId,
    await hashPassword('4321'),
  ]);
  await tdb.db.pool.query('UPDATE users SET access_key_hash = $2 WHERE id = $1', [
    otherManager,
    await hashPassword('9999'),
  ]);
  await tdb.db.pool.query(
    'UPDATE access_policy SET wrong_access_key_threshold = 3, wrong_access_key_ttl_minutes = 15',
  );
  ({ app } = await createTestApp(tdb.db));
  clerk = await login(app, 'clerk@nine.test');
  manager = await login(app, 'manager@nine.test');
  kiosk2 = await login(app, 'kiosk2@nine.test');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

describe('the kiosk product list', () => {
  it('starts empty, is set in order by a settings manager, audited, and raises the settings revision', async () => {
    const empty = await app.inject({
      method: 'GET',
      url: '/api/nine/kiosk/products',
      headers: headers(clerk),
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.products).toEqual([]);
    const before = Number(empty.headers['x-settings-revision']);

    const put = await app.inject({
      method: 'PUT',
      url: '/api/nine/kiosk/products',
      headers: headers(manager),
      payload: { product_ids: [paddle, cat.bulkProductId], shown_product_ids: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.products.map((p: { name: string }) => p.name)).toEqual(['Paddle', 'Life jacket']);

    const read = await app.inject({
      method: 'GET',
      url: '/api/nine/kiosk/products',
      headers: headers(clerk),
    });
    expect(read.json().data.products).toMatchObject([
      { product_id: paddle, price_minor: 300, sort: 0 },
      { product_id: cat.bulkProductId, price_minor: 500, deposit_minor: 0, sort: 1 },
    ]);
    expect(Number(read.headers['x-settings-revision'])).toBeGreaterThan(before);
    const { rows } = await tdb.db.pool.query(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1`,
      [`kiosk_products:${loc}`],
    );
    expect(rows.at(-1).data).toEqual({
      old: { product_ids: [] },
      new: { product_ids: [paddle, cat.bulkProductId] },
    });
    // Another location's kiosk has its own list.
    const far = await login(app, 'far@nine.test');
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/api/nine/kiosk/products',
      headers: headers(far, other),
    });
    expect(elsewhere.json().data.products).toEqual([]);
  });

  it('is refused to a clerk without location_setting change, and takes bulk rent products only', async () => {
    const clerkPut = await app.inject({
      method: 'PUT',
      url: '/api/nine/kiosk/products',
      headers: headers(clerk),
      payload: { product_ids: [cat.bulkProductId], shown_product_ids: [paddle, cat.bulkProductId] },
    });
    expect(clerkPut.statusCode).toBe(403);
    const sale = await app.inject({
      method: 'PUT',
      url: '/api/nine/kiosk/products',
      headers: headers(manager),
      payload: {
        product_ids: [cat.bulkProductId, cat.rentProductId, cat.saleProductId],
        shown_product_ids: [paddle, cat.bulkProductId],
      },
    });
    // A sale product, and a serialized one whose item the counter must pick.
    expect(sale.statusCode).toBe(422);
    expect(sale.json()).toMatchObject({
      resp_code: 1660,
      data: { product_ids: [cat.rentProductId, cat.saleProductId] },
    });
    const twice = await app.inject({
      method: 'PUT',
      url: '/api/nine/kiosk/products',
      headers: headers(manager),
      payload: { product_ids: [cat.bulkProductId, cat.bulkProductId], shown_product_ids: [] },
    });
    expect(twice.statusCode).toBe(400);
  });

  it('refuses a save made from a list someone else has changed since, keeping theirs', async () => {
    const put = (product_ids: number[], shown_product_ids: number[]) =>
      app.inject({
        method: 'PUT',
        url: '/api/nine/kiosk/products',
        headers: headers(manager),
        payload: { product_ids, shown_product_ids },
      });
    const [a, b] = await Promise.all([
      put([cat.bulkProductId], [paddle, cat.bulkProductId]),
      put([paddle], [paddle, cat.bulkProductId]),
    ]);
    // Both started from the same list: one wins, the other is told and shown the winner's list.
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    const winner = won.json().data.products.map((p: { product_id: number }) => p.product_id);
    expect(lost.json()).toMatchObject({ resp_code: 1021, data: { product_ids: winner } });
    const saved = await app.inject({
      method: 'GET',
      url: '/api/nine/kiosk/products',
      headers: headers(clerk),
    });
    expect(saved.json().data.products.map((p: { product_id: number }) => p.product_id)).toEqual(winner);
    // Put back the list the tests below rent from.
    expect((await put([paddle, cat.bulkProductId], winner)).statusCode).toBe(200);
  });
});

describe('renting at the kiosk', () => {
  const customer = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/nine/kiosk/customer', headers: headers(clerk), payload });

  it('finds the customer on file by phone without showing them, or creates a new one', async () => {
    const known = await customer({ first_name: 'Someone', phone: '+1 (555) 01-00' });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().data).toEqual({ customer_id: cat.customerId });

    const fresh = await customer({ first_name: 'Kai', last_name: 'Moana', phone: '555 777 1234' });
    const id = fresh.json().data.customer_id;
    expect(id).not.toBe(cat.customerId);
    const again = await customer({ first_name: 'Kai', phone: '5557771234' });
    expect(again.json().data.customer_id).toBe(id);
    const { rows } = await tdb.db.pool.query(
      'SELECT first_name, last_name, home_location_id FROM customers WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ first_name: 'Kai', last_name: 'Moana', home_location_id: loc });

    expect((await customer({ first_name: 'Kai', phone: 'call me' })).statusCode).toBe(400);
  });

  it('creates the rent order with source kiosk through the order API', async () => {
    const { customer_id } = (await customer({ first_name: 'Kai', phone: '555 777 1234' })).json().data;
    const start = new Date(Date.now() + 60_000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/rent-orders',
      headers: { ...headers(clerk), 'idempotency-key': 'kiosk-order-1' },
      payload: {
        customer_id,
        source: 'kiosk',
        planned_start: start.toISOString(),
        planned_finish: new Date(start.getTime() + 86_400_000).toISOString(),
        items: [{ product_id: cat.bulkProductId, quantity: 1 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await tdb.db.pool.query('SELECT source, customer_id FROM orders WHERE id = $1', [
      res.json().data.id,
    ]);
    expect(rows[0]).toEqual({ source: 'kiosk', customer_id });
  });
});

describe('leaving kiosk mode', () => {
  const exit = (token: string, access_key: string) =>
    app.inject({
      method: 'POST',
      url: '/api/nine/kiosk/exit',
      headers: headers(token),
      payload: { access_key },
    });

  it('takes the key of someone who may change the location settings here, and audits who let it go', async () => {
    const res = await exit(clerk, '4321');
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await tdb.db.pool.query(
      `SELECT data FROM audit_log WHERE entity_type = 'kiosk' AND action = 'exit' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0].data.approved_by).toBe(res.json().data.approved_by);
    // A manager of another location holds the permission, but not here.
    expect((await exit(clerk, '9999')).statusCode).toBe(403);
  });

  it('counts wrong keys and locks the kiosk session out, even for the right key, until the lock ends', async () => {
    for (let i = 0; i < 2; i++) {
      const wrong = await exit(kiosk2, '0000');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().resp_code).toBe(1206);
    }
    expect((await exit(kiosk2, '0001')).statusCode).toBe(403);
    const locked = await exit(kiosk2, '4321');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().resp_code).toBe(1012);
    // The count is the kiosk user's: the other kiosk still leaves with the key.
    expect((await exit(clerk, '4321')).statusCode).toBe(200);
  });
});
