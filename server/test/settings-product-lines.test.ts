import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Product-line settings: the business's default of a line (DSL) reaches every location that does not
 * override it, a location's own value (CPL) holds against later defaults, a reset follows the default
 * again; each proved by what the counter does (a sale paid in full closes itself, or not).
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let pier: number;
let dock: number;
let pierCat: CatalogueFixture;
let dockCat: CatalogueFixture;
let token = '';
let localToken = '';

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const at = (location: number, bearer = token) => ({
  authorization: `Bearer ${bearer}`,
  'location-id': String(location),
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  pier = await createLocation(tdb.db, 'Pier');
  dock = await createLocation(tdb.db, 'Dock');
  pierCat = await createCatalogue(tdb.db, pier, { items: 0, saleStock: 1000 });
  dockCat = await createCatalogue(tdb.db, dock, { items: 0, saleStock: 1000 });
  await createUser(tdb.db, { email: 'wide@nine.test', locations: [pier, dock], grants: everything });
  await createUser(tdb.db, { email: 'local@nine.test', locations: [pier], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  token = await login(app, 'wide@nine.test');
  localToken = await login(app, 'local@nine.test');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const business = async (line: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/nine/settings/business-lines/${line}`,
    headers: at(pier),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const putBusiness = (line: string, payload: object, headers = at(pier)) =>
  app.inject({ method: 'PUT', url: `/api/nine/settings/business-lines/${line}`, payload, headers });
const location = async (line: string, locationId: number) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/nine/settings/location-lines/${line}?location_id=${locationId}`,
    headers: at(pier),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const putLocation = (line: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/nine/settings/location-lines/${line}`, payload, headers: at(pier) });

/** Sets the business's sale defaults from the version the screen read. */
async function saleDefault(values: object) {
  const { version } = await business('sale');
  const res = await putBusiness('sale', { version, values });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Sells one bottle at a location, pays it in full in cash, and answers the order's status. */
async function sellAndPay(locationId: number, cat: CatalogueFixture): Promise<string> {
  const headers = at(locationId);
  const sale = await app.inject({
    method: 'POST',
    url: '/api/nine/sale-orders',
    headers,
    payload: { items: [{ product_id: cat.saleProductId, quantity: 1 }] },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const order = sale.json().data;
  const paid = await app.inject({
    method: 'POST',
    url: '/api/nine/payments',
    headers,
    payload: { order_id: order.id, method: 'cash', amount_minor: order.total_minor },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return (await q('SELECT status FROM orders WHERE id = $1', [order.id])).rows[0].status as string;
}

describe('business defaults per product line', () => {
  it('answers the built-in defaults before any are set, and the lines’ settings', async () => {
    const sale = await business('sale');
    expect(sale).toMatchObject({
      line: 'sale',
      available: true,
      settings: [
        'close_sale_order',
        'deliver_unpaid_orders',
        'manual_invoice_time',
        'sale_order_print_header',
      ],
      values: { close_sale_order: 'manual', deliver_unpaid_orders: 'warn', sale_order_print_header: null },
      overridden: {},
      version: 1,
      updated_at: null,
    });
    expect((await business('rent')).settings).toContain('allow_undo_deliver');
    expect(await sellAndPay(pier, pierCat)).toBe('open');
  });

  it('a sale default reaches every location that does not override it', async () => {
    const saved = await saleDefault({
      close_sale_order: 'on_full_payment',
      sale_order_print_header: 'Thanks!',
    });
    expect(saved).toMatchObject({ values: { close_sale_order: 'on_full_payment' }, version: 2 });
    // Rows created for locations that had none, each save audited.
    const rows = await q(
      'SELECT location_id, close_sale_order FROM activity_settings WHERE rental_type_id = 1 ORDER BY location_id',
    );
    expect(rows.rows).toEqual([
      { location_id: pier, close_sale_order: 'on_full_payment' },
      { location_id: dock, close_sale_order: 'on_full_payment' },
    ]);
    const headers = await q('SELECT sale_order_print_header FROM general_settings WHERE location_id = $1', [
      dock,
    ]);
    expect(headers.rows[0].sale_order_print_header).toBe('Thanks!');
    const audits = await q(
      `SELECT count(*)::int AS n FROM audit_log WHERE entity_type = 'settings' AND entity_id LIKE 'activity_settings:%'`,
    );
    expect(audits.rows[0].n).toBe(2);
    expect(await sellAndPay(pier, pierCat)).toBe('closed');
    expect(await sellAndPay(dock, dockCat)).toBe('closed');
  });

  it('a location’s own value holds against the default, and a reset follows it again', async () => {
    const before = await location('sale', dock);
    expect(before).toMatchObject({ overrides: [], values: { close_sale_order: 'on_full_payment' } });
    const own = await putLocation('sale', {
      location_id: dock,
      version: before.version,
      values: { close_sale_order: 'manual' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({
      overrides: ['close_sale_order'],
      values: { close_sale_order: 'manual' },
      defaults: { close_sale_order: 'on_full_payment' },
    });
    expect(await sellAndPay(dock, dockCat)).toBe('open');
    expect(await sellAndPay(pier, pierCat)).toBe('closed');
    expect((await business('sale')).overridden).toEqual({ close_sale_order: 1 });

    // A later default changes the locations that follow it, not the one that overrides it.
    await saleDefault({ close_sale_order: 'manual' });
    await saleDefault({ close_sale_order: 'on_full_payment' });
    expect(await sellAndPay(dock, dockCat)).toBe('open');

    const current = await location('sale', dock);
    const reset = await putLocation('sale', {
      location_id: dock,
      version: current.version,
      reset: ['close_sale_order'],
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toMatchObject({
      overrides: [],
      values: { close_sale_order: 'on_full_payment' },
    });
    expect(await sellAndPay(dock, dockCat)).toBe('closed');
    expect((await business('sale')).overridden).toEqual({});
  });

  it('a value saved on the Activity screen becomes the location’s own', async () => {
    const read = await app.inject({ method: 'GET', url: '/api/nine/activity-settings', headers: at(dock) });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/nine/activity-settings',
      headers: at(dock),
      payload: { rental_type_id: 1, version: read.json().data.version, allow_undo_deliver: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await location('rent', dock)).overrides).toEqual(['allow_undo_deliver']);
    const { version } = await business('rent');
    const res = await putBusiness('rent', { version, values: { allow_undo_deliver: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await location('rent', dock)).values.allow_undo_deliver).toBe(false);
    expect((await location('rent', pier)).values.allow_undo_deliver).toBe(true);
  });
});

describe('saves are versioned, validated and business-wide', () => {
  it('refuses a stale version with 409 and the current one, for both levels', async () => {
    const { version } = await business('sale');
    await saleDefault({ deliver_unpaid_orders: 'deny' });
    const stale = await putBusiness('sale', { version, values: { deliver_unpaid_orders: 'allow' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ resp_code: 1021, data: { version: version + 1 } });

    const shown = await location('sale', pier);
    await saleDefault({ deliver_unpaid_orders: 'warn' });
    const late = await putLocation('sale', {
      location_id: pier,
      version: shown.version,
      values: { manual_invoice_time: 'never' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().data.version).toBe((await location('sale', pier)).version);
    expect((await location('sale', pier)).overrides).toEqual([]);
  });

  it('of two saves from the same version, one wins and the other is refused', async () => {
    const { version } = await business('rent');
    const both = await Promise.all([
      putBusiness('rent', { version, values: { warn_early_deliver_minutes: 10 } }),
      putBusiness('rent', { version, values: { warn_early_deliver_minutes: 20 } }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const shown = await location('rent', pier);
    const twice = await Promise.all([
      putLocation('rent', {
        location_id: pier,
        version: shown.version,
        values: { warn_early_return_minutes: 5 },
      }),
      putLocation('rent', {
        location_id: pier,
        version: shown.version,
        values: { warn_early_return_minutes: 6 },
      }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = twice.find((r) => r.statusCode === 200)!.json().data.values.warn_early_return_minutes;
    expect((await location('rent', pier)).values.warn_early_return_minutes).toBe(winner);
  });

  it('needs the right at every location for a default, and refuses settings of another line', async () => {
    const { version } = await business('sale');
    const local = await putBusiness(
      'sale',
      { version, values: { close_sale_order: 'manual' } },
      at(pier, localToken),
    );
    expect(local.statusCode).toBe(403);
    expect(local.json().data).toMatchObject({ reason: 'business_wide_only' });
    const foreign = await putBusiness('sale', { version, values: { allow_undo_deliver: false } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.issues).toEqual([{ path: 'values.allow_undo_deliver', code: 'not_in_line' }]);
    expect((await business('sale')).version).toBe(version);
  });

  it('has no tour settings without a Tours rental type, and the Tours row’s switches with one', async () => {
    expect((await business('tour')).available).toBe(false);
    const refused = await putBusiness('tour', { version: 1, values: { allow_undo_deliver: false } });
    expect(refused.json().resp_code).toBe(1700);
    await q(`INSERT INTO rental_types (id, name) VALUES (2, 'Tours')`);
    const res = await putBusiness('tour', { version: 1, values: { allow_undo_deliver: false } });
    expect(res.statusCode, res.body).toBe(200);
    const tours = await q(
      'SELECT location_id, allow_undo_deliver FROM activity_settings WHERE rental_type_id = 2 ORDER BY location_id',
    );
    expect(tours.rows).toEqual([
      { location_id: pier, allow_undo_deliver: false },
      { location_id: dock, allow_undo_deliver: false },
    ]);
    expect((await location('rent', pier)).values.allow_undo_deliver).toBe(true);
  });
});
