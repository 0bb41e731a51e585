import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../src/plugins/access.ts';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Table-driven: for every /api route the app registered, prove 401 without a token, 403 without the
 * permission or location, and success with them. A new route is covered the moment it exists.
 */
let tdb: TestDatabase;
let nine: NineApp;
let allowed: string;
let powerless: string;
let home: number;
let foreign: number;
let cat: CatalogueFixture;
const orders: Record<string, number> = {};
let policy: object = {};
let exportsDir = '';

beforeAll(async () => {
  tdb = await createTestDatabase();
  exportsDir = await mkdtemp(join(tmpdir(), 'nine-access-exports-'));
  home = await createLocation(tdb.db, 'Home');
  foreign = await createLocation(tdb.db, 'Foreign');
  const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
  await createUser(tdb.db, { email: 'all@nine.test', locations: [home], grants: everything });
  await createUser(tdb.db, { email: 'none@nine.test', locations: [home, foreign], grants: [] });
  await createUser(tdb.db, { email: 'foreign@nine.test', locations: [foreign], grants: everything });
  cat = await createCatalogue(tdb.db, home, { items: 4 });
  const order = async (type: 'rent' | 'sale', status: string) =>
    (
      await tdb.db.pool.query(
        `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ($1, 'walk_in', $2, $3, $4) RETURNING id`,
        [type, status, home, cat.customerId],
      )
    ).rows[0].id;
  for (const [name, type, status] of [
    ['rent', 'rent', 'pending'],
    ['rentNotes', 'rent', 'pending'],
    ['sale', 'sale', 'open'],
    ['saleNotes', 'sale', 'open'],
  ] as const) {
    orders[name] = await order(type, status);
  }
  // Money fixtures: an order with a billable line, a payment on it, and an invoice in progress.
  const sql = (text: string, params: unknown[]) =>
    tdb.db.pool.query(text, params).then((r) => r.rows[0].id as number);
  orders.pay = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor) VALUES ('sale', 'walk_in', 'open', $1, $2, 10000) RETURNING id`,
    [home, cat.customerId],
  );
  await sql(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 10000, 'pending') RETURNING id`,
    [orders.pay, cat.saleProductId],
  );
  orders.payment = await sql(
    `INSERT INTO payments (order_id, location_id, method, amount_minor) VALUES ($1, $2, 'cash', 500) RETURNING id`,
    [orders.pay, home],
  );
  orders.invoice = await sql(
    `INSERT INTO invoices (type, order_id, location_id, subtotal_minor, total_minor) VALUES ('sale', $1, $2, 0, 0) RETURNING id`,
    [orders.pay, home],
  );
  orders.register = await sql(
    `INSERT INTO cash_registers (location_id, name) VALUES ($1, 'Front desk') RETURNING id`,
    [home],
  );
  orders.costly = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'pending', $1, $2) RETURNING id`,
    [home, cat.customerId],
  );
  orders.costlyItem = await sql(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 4000, 'pending') RETURNING id`,
    [orders.costly, cat.bulkProductId],
  );
  orders.saleCostly = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('sale', 'walk_in', 'open', $1, $2) RETURNING id`,
    [home, cat.customerId],
  );
  orders.saleCostlyItem = await sql(
    `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, status) VALUES ($1, $2, 1, 1200, 'pending') RETURNING id`,
    [orders.saleCostly, cat.saleProductId],
  );
  orders.deposit = await sql(
    `INSERT INTO orders (type, source, status, location_id, customer_id, deposit_minor) VALUES ('rent', 'walk_in', 'pending', $1, $2, 15000) RETURNING id`,
    [home, cat.customerId],
  );
  await tdb.db.pool.query(`UPDATE users SET access_key_hash = $1 WHERE email = 'all@nine.test'`, [
    await hashPassword('2468'),
  ]);
  orders.staffUser = await sql(
    `INSERT INTO users (name, email) VALUES ('Staff', 'staff@nine.test') RETURNING id`,
    [],
  );
  orders.role = await sql(`INSERT INTO roles (title) VALUES ('Spare') RETURNING id`, []);
  const { updated_at: _u, id: _i, ...p } = (await tdb.db.pool.query('SELECT * FROM access_policy')).rows[0];
  policy = p;
  await tdb.db.pool.query(
    `INSERT INTO location_activity_settings (location_id, rental_type_id, delivery_availability) VALUES ($1, 1, true)`,
    [home],
  );
  await tdb.db.pool.query(
    `INSERT INTO activity_settings (location_id, rental_type_id, is_recurring_enabled) VALUES ($1, 1, true)`,
    [home],
  );
  orders.delivery = await sql(
    `INSERT INTO deliveries (order_id, location_id, type, scheduled_at, address) VALUES ($1, $2, 'pickup', now(), '2 Dock') RETURNING id`,
    [orders.costly, home],
  );
  orders.readyExport = await sql(
    `INSERT INTO exports (user_id, location_id, list, format, description, status) SELECT id, $1, 'customers', 'csv', 'done', 'ready' FROM users WHERE email = 'all@nine.test' RETURNING id`,
    [home],
  );
  await writeFile(join(exportsDir, `${orders.readyExport}.csv`), 'ID\r\n');
  nine = await createTestApp(tdb.db, { exportsDir });
  allowed = await login(nine.app, 'all@nine.test');
  powerless = await login(nine.app, 'none@nine.test');
});
afterAll(async () => {
  await nine.app.close();
  await tdb.drop();
});

const kind = (a: Access) => (typeof a === 'string' ? a : 'permission');

/** A valid request for routes that need parameters or a body; the rest are called bare. */
const samples = (): Record<string, { url?: string; payload?: object }> => ({
  'GET /api/nine/locations/:id/select': { url: `/api/nine/locations/${home}/select` },
  'POST /api/nine/set-as-kiosk': { payload: { used_in_store: true } },
  'GET /api/nine/rent-orders/:id': { url: `/api/nine/rent-orders/${orders.rent}` },
  'GET /api/nine/sale-orders/:id': { url: `/api/nine/sale-orders/${orders.sale}` },
  'POST /api/nine/rent-orders': {
    payload: {
      customer_id: cat.customerId,
      planned_start: '2030-01-01T09:00:00Z',
      planned_finish: '2030-01-01T17:00:00Z',
      items: [{ item_id: cat.itemIds[0] }],
    },
  },
  'POST /api/nine/sale-orders': { payload: { items: [{ product_id: cat.saleProductId, quantity: 1 }] } },
  'POST /api/nine/rent-orders/:id/events': {
    url: `/api/nine/rent-orders/${orders.rent}/events`,
    payload: { type: 'CONFIRM', version: 1 },
  },
  'PATCH /api/nine/rent-orders/:id/notes': {
    url: `/api/nine/rent-orders/${orders.rentNotes}/notes`,
    payload: { version: 1, staff_note: 'Call first' },
  },
  'POST /api/nine/sale-orders/:id/events': {
    url: `/api/nine/sale-orders/${orders.sale}/events`,
    payload: { type: 'CLOSE', version: 1 },
  },
  'PATCH /api/nine/sale-orders/:id/notes': {
    url: `/api/nine/sale-orders/${orders.saleNotes}/notes`,
    payload: { version: 1, customer_note: 'Gift' },
  },
  'GET /api/nine/customers/:id': { url: `/api/nine/customers/${cat.customerId}` },
  'POST /api/nine/customers': {
    payload: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
  },
  'PATCH /api/nine/customers/:id': {
    url: `/api/nine/customers/${cat.customerId}`,
    payload: { version: 1, city: 'Arlington' },
  },
  'GET /api/nine/catalogue/lookup': { url: `/api/nine/catalogue/lookup?code=KAY-1-${home}-0` },
  'GET /api/nine/catalogue/search': { url: '/api/nine/catalogue/search?search=kayak' },
  'GET /api/nine/customers/lookup': { url: '/api/nine/customers/lookup?search=ada' },
  'POST /api/nine/rent-orders/quote': {
    payload: {
      planned_start: '2030-01-01T09:00:00Z',
      planned_finish: '2030-01-01T17:00:00Z',
      items: [{ item_id: cat.itemIds[1] }],
    },
  },
  'POST /api/nine/payments': { payload: { order_id: orders.pay, method: 'cash', amount_minor: 100 } },
  'GET /api/nine/payments/:id': { url: `/api/nine/payments/${orders.payment}` },
  'POST /api/nine/payments/:id/refunds': {
    url: `/api/nine/payments/${orders.payment}/refunds`,
    payload: { amount_minor: 1, reason: 'test' },
  },
  'POST /api/nine/orders/:id/deposits': {
    url: `/api/nine/orders/${orders.pay}/deposits`,
    payload: { kind: 'held', amount_minor: 100 },
  },
  'POST /api/nine/orders/:id/invoice': { url: `/api/nine/orders/${orders.pay}/invoice` },
  'POST /api/nine/invoices/:id/post': { url: `/api/nine/invoices/${orders.invoice}/post` },
  'GET /api/nine/invoices/:id': { url: `/api/nine/invoices/${orders.invoice}` },
  'POST /api/nine/users': { payload: { name: 'Nia', email: 'nia@nine.test' } },
  'PATCH /api/nine/users/:id': { url: `/api/nine/users/${orders.staffUser}`, payload: { name: 'Renamed' } },
  'POST /api/nine/users/:id/activate': { url: `/api/nine/users/${orders.staffUser}/activate` },
  'POST /api/nine/users/:id/deactivate': { url: `/api/nine/users/${orders.staffUser}/deactivate` },
  'PUT /api/nine/users/:id/access-key': {
    url: `/api/nine/users/${orders.staffUser}/access-key`,
    payload: { access_key: '1357' },
  },
  'POST /api/nine/roles': {
    payload: { title: 'Greeter', permissions: [{ resource: 'customer', action: 'view' }] },
  },
  'PUT /api/nine/roles/:id': {
    url: `/api/nine/roles/${orders.role}`,
    payload: { title: 'Greeter 2', permissions: [] },
  },
  'PUT /api/nine/access-policy': { payload: policy },
  'POST /api/nine/exports': { payload: { list: 'customers', description: 'All customers' } },
  'PUT /api/nine/rent-orders/:id/auto-billing': {
    url: `/api/nine/rent-orders/${orders.costly}/auto-billing`,
    payload: { frequency: 'monthly', next_invoice_date: '2030-02-01' },
  },
  'GET /api/nine/exports/:id/download': { url: `/api/nine/exports/${orders.readyExport}/download` },
  'POST /api/nine/rent-orders/:id/deliveries': {
    url: `/api/nine/rent-orders/${orders.costly}/deliveries`,
    payload: {
      type: 'delivery',
      scheduled_at: '2030-01-01T10:00:00Z',
      address: '1 Pier',
      item_ids: [orders.costlyItem],
    },
  },
  'GET /api/nine/delivery-report': { url: '/api/nine/delivery-report?date=2030-01-01' },
  'PATCH /api/nine/deliveries/:id': {
    url: `/api/nine/deliveries/${orders.delivery}`,
    payload: { status: 'out' },
  },
  'PUT /api/nine/user/settings/:key': {
    url: '/api/nine/user/settings/rent-orders.columns',
    payload: { value: { hidden: ['source'] } },
  },
  'GET /api/nine/user/settings/:key': { url: '/api/nine/user/settings/rent-orders.columns' },
  'POST /api/nine/rent-orders/:id/change-cost': {
    url: `/api/nine/rent-orders/${orders.costly}/change-cost`,
    payload: {
      order_item_id: orders.costlyItem,
      unit_price_minor: 3000,
      version: 1,
      comment: 'loyal customer',
    },
  },
  'POST /api/nine/sale-orders/:id/change-cost': {
    url: `/api/nine/sale-orders/${orders.saleCostly}/change-cost`,
    payload: { order_item_id: orders.saleCostlyItem, unit_price_minor: 1000, version: 1, comment: 'dented' },
  },
  'POST /api/nine/rent-orders/:id/deposit-override': {
    url: `/api/nine/rent-orders/${orders.deposit}/deposit-override`,
    payload: { deposit_minor: 0, version: 1, comment: 'regular', access_key: '2468' },
  },
  'POST /api/nine/cash-registers/:id/open': {
    url: `/api/nine/cash-registers/${orders.register}/open`,
    payload: { float_minor: 10000 },
  },
  'POST /api/nine/cash-registers/:id/movements': {
    url: `/api/nine/cash-registers/${orders.register}/movements`,
    payload: { kind: 'cash_out', amount_minor: 5000, reason: 'bank deposit' },
  },
  'POST /api/nine/cash-registers/:id/close': {
    url: `/api/nine/cash-registers/${orders.register}/close`,
    payload: { counted_minor: 5000 },
  },
  'GET /api/nine/catalogue/availability': {
    url: `/api/nine/catalogue/availability?product_id=${cat.rentProductId}&from=2030-01-01T00:00:00Z&to=2030-01-02T00:00:00Z`,
  },
});
const request = (route: { method: string; url: string }) => {
  const sample = samples()[`${route.method} ${route.url}`] ?? {};
  return {
    method: route.method as 'GET',
    url: sample.url ?? route.url,
    ...(sample.payload ? { payload: sample.payload } : {}),
  };
};

describe('every /api route enforces its declared access', () => {
  it('registers routes of every kind', () => {
    const kinds = new Set(nine.routes.map((r) => kind(r.access)));
    expect(kinds).toContain('public');
    expect(kinds).toContain('session');
    expect(kinds).toContain('location');
  });

  it('answers 401 without a token and with a forged one on every protected route', async () => {
    const protectedRoutes = nine.routes.filter((r) => r.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(0);
    for (const route of protectedRoutes) {
      for (const headers of [{}, { authorization: 'Bearer forged-token' }, { authorization: 'Basic abc' }]) {
        const res = await nine.app.inject({ ...request(route), headers });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().resp_code).toBe(1002);
      }
    }
  });

  it('answers 403 outside the caller’s locations and without the permission', async () => {
    for (const route of nine.routes.filter((r) => r.access !== 'public' && r.access !== 'session')) {
      const out = await nine.app.inject({
        ...request(route),
        headers: { authorization: `Bearer ${allowed}`, 'location-id': String(foreign) },
      });
      expect(out.statusCode, `${route.method} ${route.url} in a foreign location`).toBe(403);
      if (kind(route.access) === 'permission') {
        const res = await nine.app.inject({
          ...request(route),
          headers: { authorization: `Bearer ${powerless}`, 'location-id': String(home) },
        });
        expect(res.statusCode, `${route.method} ${route.url} without permission`).toBe(403);
      }
    }
  });

  it('succeeds with a token, the location and the permission', async () => {
    for (const route of nine.routes.filter((r) => r.access !== 'public')) {
      // Logout would end the shared session: give it its own.
      const token = route.url.endsWith('/logout') ? await login(nine.app, 'all@nine.test') : allowed;
      const res = await nine.app.inject({
        ...request(route),
        headers: { authorization: `Bearer ${token}`, 'location-id': String(home) },
      });
      expect([200, 201], `${route.method} ${route.url}: ${res.body}`).toContain(res.statusCode);
    }
  });
});
