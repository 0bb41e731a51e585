import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let headers: Record<string, string>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Shop');
  cat = await createCatalogue(tdb.db, loc, { items: 3, bulkStock: 8 });
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'customer', action: 'manage' },
      { resource: 'rent_order', action: 'manage' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers });

describe('customers', () => {
  it('creates a customer, validating e-mail, phone and postal code on the server, and audits it', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/nine/customers',
      headers,
      payload: { first_name: 'Ann', email: 'not-mail', phone: 'call me', postal_code: '!!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'phone', 'postal_code']);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/nine/customers',
      headers,
      payload: {
        first_name: 'Ann',
        last_name: 'Élise',
        email: 'Ann@Example.com',
        phone: '+33 6 12 34 56 78',
        postal_code: '75001',
        city: 'Paris',
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ name: 'Ann Élise', email: 'ann@example.com', version: 1 });
    const audit = await tdb.db.pool.query(
      `SELECT action FROM audit_log WHERE entity_type = 'customer' AND entity_id = $1`,
      [String(ok.json().data.id)],
    );
    expect(audit.rows).toEqual([{ action: 'created' }]);
  });

  it('finds customers for an order and creates one idempotently', async () => {
    const key = { ...headers, 'idempotency-key': 'new-customer-1' };
    const body = { first_name: 'Rosa', last_name: 'Parks' };
    const [a, b] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/nine/customers', headers: key, payload: body }),
      app.inject({ method: 'POST', url: '/api/nine/customers', headers: key, payload: body }),
    ]);
    expect(a.json().data.id).toBe(b.json().data.id);
    const found = (await get('/api/nine/customers/lookup?search=rosa')).json().data.rows;
    expect(found).toEqual([
      expect.objectContaining({ id: a.json().data.id, name: 'Rosa Parks', is_anonymous: false }),
    ]);
  });

  it('searches by name, e-mail or phone and pages the result', async () => {
    for (const n of ['Brun', 'Brunet', 'Bruno']) {
      await app.inject({
        method: 'POST',
        url: '/api/nine/customers',
        headers,
        payload: { first_name: 'Paul', last_name: n },
      });
    }
    const page = (await get('/api/nine/customers?search=brun&page_size=2&sort=name')).json().data;
    expect(page.total).toBe(3);
    expect(page.rows.map((r: { last_name: string }) => r.last_name)).toEqual(['Brun', 'Brunet']);
    expect((await get('/api/nine/customers?search=%2B33%206')).json().data.total).toBe(1);
  });

  it('updates with the version it read and refuses a stale write', async () => {
    const c = (
      await app.inject({
        method: 'POST',
        url: '/api/nine/customers',
        headers,
        payload: { first_name: 'Vera' },
      })
    ).json().data;
    const first = await app.inject({
      method: 'PATCH',
      url: `/api/nine/customers/${c.id}`,
      headers,
      payload: { version: 1, city: 'Lyon' },
    });
    expect(first.json().data).toMatchObject({ city: 'Lyon', version: 2 });
    const stale = await app.inject({
      method: 'PATCH',
      url: `/api/nine/customers/${c.id}`,
      headers,
      payload: { version: 1, city: 'Nice' },
    });
    expect(stale.statusCode).toBe(409);
    expect((await get(`/api/nine/customers/${c.id}`)).json().data.city).toBe('Lyon');
  });
});

describe('catalogue', () => {
  it('looks up a scanned code as an item or a product with its stock; a miss is an empty answer', async () => {
    const barcode = (await tdb.db.pool.query('SELECT barcode FROM items WHERE id = $1', [cat.itemIds[0]]))
      .rows[0].barcode;
    const item = (await get(`/api/nine/catalogue/lookup?code=${barcode}&kind=rent`)).json().data.matches;
    expect(item).toEqual([
      expect.objectContaining({
        kind: 'item',
        item_id: cat.itemIds[0],
        item_status: 'available',
        product_id: cat.rentProductId,
        stock_quantity: null,
        price_minor: 4000,
      }),
    ]);
    const sku = (await tdb.db.pool.query('SELECT sku FROM products WHERE id = $1', [cat.bulkProductId]))
      .rows[0].sku;
    const bulk = (await get(`/api/nine/catalogue/lookup?code=${sku.toLowerCase()}`)).json().data.matches;
    expect(bulk).toEqual([
      expect.objectContaining({
        kind: 'product',
        product_id: cat.bulkProductId,
        item_id: null,
        stock_quantity: 8,
      }),
    ]);
    const miss = await get('/api/nine/catalogue/lookup?code=nothing-here');
    expect(miss.statusCode).toBe(200);
    expect(miss.json().data.matches).toEqual([]);
    const forSale = (await get(`/api/nine/catalogue/lookup?code=${barcode}&kind=sale`)).json().data.matches;
    expect(forSale).toEqual([]);
  });

  it('searches the catalogue by name for the counter', async () => {
    const found = (await get('/api/nine/catalogue/search?search=life%20jacket&kind=rent')).json().data
      .matches;
    expect(found.map((m: { product_id: number }) => m.product_id)).toEqual([cat.bulkProductId]);
    const kayaks = (await get('/api/nine/catalogue/search?search=kayak&kind=rent&limit=2')).json().data
      .matches;
    expect(kayaks).toHaveLength(2);
  });

  it('quotes a draft line by line without booking anything', async () => {
    const body = {
      planned_start: '2030-06-01T09:00:00Z',
      planned_finish: '2030-06-03T09:00:00Z',
      items: [{ item_id: cat.itemIds[0] }, { product_id: cat.bulkProductId, quantity: 9 }],
    };
    const before = (await tdb.db.pool.query('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    const quote = (
      await app.inject({ method: 'POST', url: '/api/nine/rent-orders/quote', headers, payload: body })
    ).json().data;
    expect(quote.lines).toEqual([
      expect.objectContaining({
        item_id: cat.itemIds[0],
        unit_price_minor: 8000,
        available: true,
        available_quantity: null,
      }),
      expect.objectContaining({
        product_id: cat.bulkProductId,
        quantity: 9,
        available: false,
        available_quantity: 8,
      }),
    ]);
    expect(quote.net_minor).toBe(8000 + 9 * 1000);
    expect((await tdb.db.pool.query('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(before);
  });

  it('tells what is free for a period, and the answer follows bookings', async () => {
    const url = (id: number) =>
      `/api/nine/catalogue/availability?product_id=${id}&from=2030-05-01T09:00:00Z&to=2030-05-01T17:00:00Z`;
    expect((await get(url(cat.rentProductId))).json().data).toMatchObject({
      is_serialized: true,
      available: 3,
    });
    expect((await get(url(cat.bulkProductId))).json().data).toMatchObject({
      is_serialized: false,
      available: 8,
    });
    const order = await app.inject({
      method: 'POST',
      url: '/api/nine/rent-orders',
      headers,
      payload: {
        customer_id: cat.customerId,
        planned_start: '2030-05-01T12:00:00Z',
        planned_finish: '2030-05-01T20:00:00Z',
        items: [{ item_id: cat.itemIds[1] }, { product_id: cat.bulkProductId, quantity: 3 }],
      },
    });
    expect(order.statusCode).toBe(201);
    const after = (await get(url(cat.rentProductId))).json().data;
    expect(after.available).toBe(2);
    expect(after.items.map((i: { id: number }) => i.id)).not.toContain(cat.itemIds[1]);
    expect((await get(url(cat.bulkProductId))).json().data.available).toBe(5);
  });

  it('searches products by name, SKU or category', async () => {
    const found = (await get('/api/nine/catalogue/products?search=kayak&kind=rent')).json().data.rows;
    expect(found.map((p: { id: number }) => p.id)).toEqual([cat.rentProductId]);
  });
});
