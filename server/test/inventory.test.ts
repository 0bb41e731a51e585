import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type NineApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { InventoryListRow } from '@nine/shared/schemas/inventory';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let foreign: number;
let cat: CatalogueFixture;
let headers: Record<string, string>;
let viewer: Record<string, string>;
let dataDir: string;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf00000301010018dd8db00000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  tdb = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'nine-inventory-'));
  loc = await createLocation(tdb.db, 'Harbour');
  other = await createLocation(tdb.db, 'Beach');
  foreign = await createLocation(tdb.db, 'Island');
  cat = await createCatalogue(tdb.db, loc, { items: 3, bulkStock: 8 });
  const manage = [
    { resource: 'inventory', action: 'manage' },
    { resource: 'category', action: 'manage' },
    { resource: 'attribute', action: 'manage' },
  ] as const;
  await createUser(tdb.db, { email: 'keeper@nine.test', locations: [loc, other], grants: [...manage] });
  await createUser(tdb.db, {
    email: 'looker@nine.test',
    locations: [loc],
    grants: [{ resource: 'inventory', action: 'view' }],
  });
  ({ app } = await buildApp({
    config: {
      ...loadConfig({}),
      webDist: '/nonexistent',
      sessionTtlSeconds: 3600,
      outboxDir: join(dataDir, 'outbox'),
      exportsDir: join(dataDir, 'exports'),
      dataDir,
      publicUrl: 'http://nine.test',
    },
    db: tdb.db,
    logger: false,
    jobPollingSeconds: 0.5,
  }));
  headers = { authorization: `Bearer ${await login(app, 'keeper@nine.test')}`, 'location-id': String(loc) };
  viewer = { authorization: `Bearer ${await login(app, 'looker@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const get = (url: string, h = headers) => app.inject({ method: 'GET', url, headers: h });
const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
const query = <T extends object>(text: string, params: unknown[] = []) =>
  tdb.db.pool.query<T>(text, params).then((r) => r.rows);

function multipart(fileName: string, body: Buffer, type = 'text/csv') {
  const boundary = '----nine-inventory-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (url: string, fileName: string, body: Buffer, type?: string) =>
  app.inject({ method: url.includes('/image') ? 'PUT' : 'POST', url, ...multipart(fileName, body, type) });

let day = 0;
async function order(lines: { product: number; item?: number; price: number; qty?: number }[]) {
  const [o] = await query<{ id: number }>(
    `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'walk_in', 'returned', $1, $2) RETURNING id`,
    [loc, cat.customerId],
  );
  const ids: number[] = [];
  for (const l of lines) {
    const [row] = await query<{ id: number }>(
      `INSERT INTO order_items (order_id, product_id, item_id, quantity, unit_price_minor, status, planned_start, planned_finish, delivered_at, returned_at)
       VALUES ($1, $2, $3, $4, $5, 'returned', $6, $7, $6, $7) RETURNING id`,
      [
        o!.id,
        l.product,
        l.item ?? null,
        l.qty ?? 1,
        l.price,
        new Date(Date.UTC(2029, 0, ++day, 9)).toISOString(),
        new Date(Date.UTC(2029, 0, day, 12)).toISOString(),
      ],
    );
    ids.push(row!.id);
  }
  return { orderId: o!.id, lineIds: ids };
}

describe('inventory lists', () => {
  it('lists items and bulk stock of the location with totals kept by the order line triggers', async () => {
    const first = await order([
      { product: cat.rentProductId, item: cat.itemIds[0], price: 4000 },
      { product: cat.bulkProductId, price: 500, qty: 3 },
    ]);
    await order([{ product: cat.rentProductId, item: cat.itemIds[0], price: 2500 }]);
    const res = await get('/api/nine/inventory/rent?sort=revenue&sort_type=desc');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { rows: InventoryListRow[]; total: number };
    expect(data.total).toBe(4);
    expect(data.rows[0]).toMatchObject({
      row_type: 'item',
      item_id: cat.itemIds[0],
      revenue_minor: 6500,
      home_location: 'Harbour',
      current_location: 'Harbour',
      status: 'available',
    });
    const bulk = data.rows.find((r) => r.row_type === 'stock')!;
    // Three jackets for three hours each: nine rent hours, counted on return.
    expect(bulk).toMatchObject({
      product_id: cat.bulkProductId,
      quantity: 8,
      revenue_minor: 1500,
      rent_count: 3,
      rent_minutes: 540,
    });

    // Cancelling a line takes its revenue back out of the totals.
    await query(`UPDATE order_items SET status = 'cancelled' WHERE id = $1`, [first.lineIds[0]]);
    const after = (await get('/api/nine/inventory/rent?sort=revenue&sort_type=desc')).json().data.rows;
    expect(after[0]).toMatchObject({ item_id: cat.itemIds[0], revenue_minor: 2500 });
    // Deleting the order (cascade) takes the rest.
    await query('DELETE FROM orders WHERE id = $1', [first.orderId]);
    const [totals] = await query<{ revenue_minor: number }>(
      'SELECT revenue_minor FROM product_totals WHERE product_id = $1',
      [cat.bulkProductId],
    );
    expect(totals!.revenue_minor).toBe(0);
  });

  it('filters by search, status and category (with subcategories), pages and sorts in SQL', async () => {
    await query(`UPDATE items SET status = 'maintenance' WHERE id = $1`, [cat.itemIds[2]]);
    const byStatus = (await get('/api/nine/inventory/rent?status=maintenance')).json().data;
    expect(byStatus.rows.map((r: InventoryListRow) => r.item_id)).toEqual([cat.itemIds[2]]);

    const search = (await get('/api/nine/inventory/rent?search=life%20jack')).json().data;
    expect(search.rows.map((r: InventoryListRow) => r.key)).toEqual([`stock:${cat.bulkProductId}`]);

    const [parent] = await query<{ id: number }>(
      `INSERT INTO categories (name) VALUES ('Water') RETURNING id`,
    );
    await query(
      'UPDATE categories SET parent_id = $1 WHERE id = (SELECT category_id FROM products WHERE id = $2)',
      [parent!.id, cat.rentProductId],
    );
    const byCategory = (await get(`/api/nine/inventory/rent?category_id=${parent!.id}`)).json().data;
    expect(byCategory.total).toBe(3);

    const paged = (await get('/api/nine/inventory/rent?page=2&page_size=2&sort=sku&sort_type=asc')).json()
      .data;
    const all = (await get('/api/nine/inventory/rent?page_size=50&sort=sku')).json().data;
    expect(paged.rows.map((r: InventoryListRow) => r.key)).toEqual(
      all.rows.slice(2, 4).map((r: InventoryListRow) => r.key),
    );
    const sale = (await get('/api/nine/inventory/sale')).json().data;
    expect(sale.rows.map((r: InventoryListRow) => r.product_id)).toEqual([cat.saleProductId]);

    expect((await get('/api/nine/inventory/rent?sort=price')).json().resp_code).toBe(1001);
    expect((await get(`/api/nine/inventory/rent?location_id=${foreign}`)).json().resp_code).toBe(1009);
  });
});

describe('products and items', () => {
  let attributeId: number;

  it('creates a product with attribute values checked against their attribute', async () => {
    const attr = await send('POST', '/api/nine/attributes', {
      name: 'Length',
      kind: 'option',
      options: ['3 m', '4 m'],
    });
    expect(attr.statusCode).toBe(201);
    attributeId = attr.json().data.id;
    const base = { kind: 'rent', sku: 'SUP-1', name: 'Paddle board', is_serialized: true, price_minor: 3000 };
    const bad = await send('POST', '/api/nine/inventory/products', {
      ...base,
      attributes: [{ attribute_id: attributeId, value: '9 m' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().resp_code).toBe(1305);
    expect(await query(`SELECT 1 FROM products WHERE sku = 'SUP-1'`)).toHaveLength(0);

    const ok = await send('POST', '/api/nine/inventory/products', {
      ...base,
      option: 'Blue',
      attributes: [{ attribute_id: attributeId, value: '4 m' }],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({
      sku: 'SUP-1',
      option: 'Blue',
      attributes: [{ name: 'Length', value: '4 m' }],
    });

    const dup = await send('POST', '/api/nine/inventory/products', { ...base, sku: 'sup-1' });
    expect(dup.json().resp_code).toBe(1300);
    // A product barcode may not repeat an item's: a scan must land on one thing.
    const [item] = await query<{ barcode: string }>('SELECT barcode FROM items WHERE id = $1', [
      cat.itemIds[0],
    ]);
    const clash = await send('POST', '/api/nine/inventory/products', {
      ...base,
      sku: 'SUP-2',
      barcode: item!.barcode,
    });
    expect(clash.json().resp_code).toBe(1301);
    expect(
      (await send('POST', '/api/nine/inventory/products', { ...base, price_minor: -1 })).statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/api/nine/inventory/products', { ...base, sku: 'SUP-3' }, viewer)).statusCode,
    ).toBe(403);
  });

  it('edits a product with its version and refuses a stale one', async () => {
    const [p] = await query<{ id: number }>(`SELECT id FROM products WHERE sku = 'SUP-1'`);
    const ok = await send('PATCH', `/api/nine/inventory/products/${p!.id}`, {
      version: 1,
      name: 'Paddle board XL',
      attributes: [],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Paddle board XL', version: 2, attributes: [] });
    const stale = await send('PATCH', `/api/nine/inventory/products/${p!.id}`, { version: 1, name: 'Old' });
    expect(stale.json().resp_code).toBe(1021);
    expect((await query<{ name: string }>('SELECT name FROM products WHERE id = $1', [p!.id]))[0]!.name).toBe(
      'Paddle board XL',
    );
  });

  it('adds items, transfers them with an audit row, and guards rented items and history', async () => {
    const [p] = await query<{ id: number }>(`SELECT id FROM products WHERE sku = 'SUP-1'`);
    const created = await send('POST', `/api/nine/inventory/products/${p!.id}/items`, {
      sku: 'SUP-1-A',
      barcode: '700001',
      home_location_id: loc,
    });
    expect(created.statusCode).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      status: 'available',
      home_location: 'Harbour',
      current_location: 'Harbour',
    });
    const dup = await send('POST', `/api/nine/inventory/products/${p!.id}/items`, {
      sku: 'SUP-1-B',
      barcode: '700001',
      home_location_id: loc,
    });
    expect(dup.json().resp_code).toBe(1301);
    const elsewhere = await send('POST', `/api/nine/inventory/products/${p!.id}/items`, {
      sku: 'SUP-1-C',
      barcode: '700003',
      home_location_id: foreign,
    });
    expect(elsewhere.json().resp_code).toBe(1009);
    const onBulk = await send('POST', `/api/nine/inventory/products/${cat.bulkProductId}/items`, {
      sku: 'PFD-X',
      barcode: '700004',
      home_location_id: loc,
    });
    expect(onBulk.json().resp_code).toBe(1311);

    const moved = await send('POST', `/api/nine/inventory/items/${item.id}/transfer`, {
      to_location_id: other,
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      current_location: 'Beach',
      home_location: 'Harbour',
      version: 2,
    });
    const log = await query<{ data: { from_location_id: number; to_location_id: number } }>(
      `SELECT data FROM audit_log WHERE entity_type = 'item' AND entity_id = $1 AND action = 'transferred'`,
      [String(item.id)],
    );
    expect(log[0]!.data).toMatchObject({ from_location_id: loc, to_location_id: other });
    const toForeign = await send('POST', `/api/nine/inventory/items/${item.id}/transfer`, {
      to_location_id: foreign,
      version: 2,
    });
    expect(toForeign.json().resp_code).toBe(1009);

    await query(`UPDATE items SET status = 'rented' WHERE id = $1`, [cat.itemIds[1]]);
    const rented = await send('PATCH', `/api/nine/inventory/items/${cat.itemIds[1]}`, {
      status: 'retired',
      version: 1,
    });
    expect(rented.json().resp_code).toBe(1310);
    const retire = await send('PATCH', `/api/nine/inventory/items/${item.id}`, {
      status: 'retired',
      version: 2,
    });
    expect(retire.json().data.status).toBe('retired');

    const used = await send('DELETE', `/api/nine/inventory/items/${cat.itemIds[0]}`);
    expect(used.json().resp_code).toBe(1306);
    expect((await send('DELETE', `/api/nine/inventory/items/${item.id}`)).statusCode).toBe(200);
    expect(await query('SELECT 1 FROM items WHERE id = $1', [item.id])).toHaveLength(0);
  });

  it('sets bulk stock per location, refusing serialized products', async () => {
    const set = await send('PUT', `/api/nine/inventory/products/${cat.bulkProductId}/stock`, {
      location_id: other,
      quantity: 4,
    });
    expect(set.statusCode).toBe(200);
    expect(
      await query(
        'SELECT location_id, quantity FROM stock_levels WHERE product_id = $1 ORDER BY location_id',
        [cat.bulkProductId],
      ),
    ).toEqual([
      { location_id: loc, quantity: 8 },
      { location_id: other, quantity: 4 },
    ]);
    const serial = await send('PUT', `/api/nine/inventory/products/${cat.rentProductId}/stock`, {
      location_id: loc,
      quantity: 1,
    });
    expect(serial.json().resp_code).toBe(1312);
  });

  it('shows a product’s detail and its rental history page by page', async () => {
    await order([{ product: cat.rentProductId, item: cat.itemIds[2], price: 1000 }]);
    const detail = (await get(`/api/nine/inventory/products/${cat.rentProductId}`, viewer)).json().data;
    expect(detail.items).toHaveLength(3);
    expect(detail.totals.revenue_minor).toBe(3500);
    // The stock module's repair logs show on the product when its tables exist.
    if (detail.maintenance !== null) {
      const [log] = await query<{ id: number }>(
        `INSERT INTO repair_logs (item_id, location_id, problem) VALUES ($1, $2, 'Cracked hull') RETURNING id`,
        [cat.itemIds[0], loc],
      );
      await query(`INSERT INTO repair_work (repair_log_id, work, cost_minor) VALUES ($1, 'Patch', 2500)`, [
        log!.id,
      ]);
      const again = (await get(`/api/nine/inventory/products/${cat.rentProductId}`, viewer)).json().data;
      expect(again.maintenance).toEqual([
        expect.objectContaining({ problem: 'Cracked hull', status: 'open', cost_minor: 2500 }),
      ]);
    }
    const history = (
      await get(`/api/nine/inventory/products/${cat.rentProductId}/rentals?page_size=1`, viewer)
    ).json().data;
    expect(history.total).toBe(2);
    expect(history.rows[0]).toMatchObject({ item_sku: expect.stringMatching(/-2$/), revenue_minor: 1000 });
    expect((await get('/api/nine/inventory/products/999999')).json().resp_code).toBe(1004);
  });
});

describe('categories and attributes', () => {
  it('builds a tree, refuses cycles and deleting what is in use', async () => {
    const root = (await send('POST', '/api/nine/categories', { name: 'Boats' })).json().data;
    const child = (await send('POST', '/api/nine/categories', { name: 'Canoes', parent_id: root.id })).json()
      .data;
    expect(
      (await send('POST', '/api/nine/categories', { name: 'Canoes', parent_id: root.id })).json().resp_code,
    ).toBe(1313);
    const cycle = await send('PATCH', `/api/nine/categories/${root.id}`, { parent_id: child.id });
    expect(cycle.json().resp_code).toBe(1302);
    expect((await send('DELETE', `/api/nine/categories/${root.id}`)).json().resp_code).toBe(1303);
    expect((await send('DELETE', `/api/nine/categories/${child.id}`)).statusCode).toBe(200);
    const list = (await get('/api/nine/categories', viewer)).json().data;
    expect(list.show_images).toBe(true);
    expect(list.rows.map((r: { name: string }) => r.name)).toContain('Boats');
    expect(list.rows.map((r: { name: string }) => r.name)).not.toContain('Canoes');
  });

  it('stores a category image checked by its bytes and serves it', async () => {
    const [c] = await query<{ id: number }>(`SELECT id FROM categories WHERE name = 'Boats'`);
    const fake = await upload(
      `/api/nine/categories/${c!.id}/image`,
      'boat.png',
      Buffer.from('not an image'),
      'image/png',
    );
    expect(fake.json().resp_code).toBe(1307);
    const big = await upload(
      `/api/nine/categories/${c!.id}/image`,
      'big.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(3 * 1024 * 1024)]),
      'image/jpeg',
    );
    expect(big.json().resp_code).toBe(1007);
    const ok = await upload(`/api/nine/categories/${c!.id}/image`, 'boat.png', PNG, 'image/png');
    expect(ok.statusCode).toBe(200);
    const url = ok.json().data.image_url as string;
    const image = await app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('lists each category picture at a URL that serves it, never a doubled path', async () => {
    const [boats] = await query<{ id: number }>(`SELECT id FROM categories WHERE name = 'Boats'`);
    const ok = await upload(`/api/nine/categories/${boats!.id}/image`, 'boat.png', PNG, 'image/png');
    expect(ok.statusCode).toBe(200);
    // What an earlier demo seed stored: a web path, which the list prefixed again.
    const [legacy] = await query<{ id: number }>(
      `INSERT INTO categories (name, image_url) VALUES ('Legacy', '/nine/category-images/bikes.svg') RETURNING id`,
    );
    const rows = (await get('/api/nine/categories', viewer)).json().data.rows as {
      id: number;
      image_url: string | null;
    }[];
    const listed = rows.find((r) => r.id === boats!.id)!.image_url!;
    expect(listed).toBe(ok.json().data.image_url);
    expect(listed).toMatch(/^\/api\/nine\/category-images\/[a-f0-9]{32}\.png$/);
    const image = await app.inject({ method: 'GET', url: listed });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(rows.find((r) => r.id === legacy!.id)!.image_url).toBeNull();
    await query('DELETE FROM categories WHERE id = $1', [legacy!.id]);
  });

  it('maps attributes to categories and refuses duplicate names', async () => {
    const [c] = await query<{ id: number }>(`SELECT id FROM categories WHERE name = 'Boats'`);
    const a = (await send('POST', '/api/nine/attributes', { name: 'Seats', kind: 'number' })).json().data;
    expect((await send('POST', '/api/nine/attributes', { name: 'Seats' })).json().resp_code).toBe(1304);
    expect(
      (await send('POST', '/api/nine/attributes', { name: 'Colour', kind: 'option', options: [] }))
        .statusCode,
    ).toBe(400);
    const map = await send('PUT', `/api/nine/categories/${c!.id}/attributes`, { attribute_ids: [a.id] });
    expect(map.statusCode).toBe(200);
    const attrs = (await get('/api/nine/attributes')).json().data.rows;
    expect(attrs.find((x: { id: number }) => x.id === a.id).category_ids).toEqual([c!.id]);
    const renamed = await send('PUT', `/api/nine/attributes/${a.id}`, { name: 'Seat count', kind: 'number' });
    expect(renamed.json().data).toMatchObject({ name: 'Seat count', category_ids: [c!.id] });
  });
});

describe('CSV import', () => {
  const header = 'kind,sku,name,category,serialized,price,deposit,item_sku,item_barcode,location,quantity';
  const good = [
    'rent,CAN-1,Canoe,Boats,yes,45.00,100,CAN-1-A,810001,Harbour,',
    'rent,CAN-1,Canoe,Boats,yes,45.00,100,CAN-1-B,810002,BEACH,',
    'sale,MAP-1,Lake map,,no,4.5,,,,Harbour,30',
  ];

  it('refuses the whole file when one row is bad, reporting each refused row', async () => {
    const csv = [header, ...good, 'rent,KAY-X,,Nowhere,maybe,abc,,KAY-X-1,,Moon,'].join('\n');
    const res = await upload('/api/nine/inventory/import', 'stock.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(422);
    expect(res.json().resp_code).toBe(1309);
    const report = res.json().data;
    expect(report.imported).toBe(false);
    expect(report.refused).toEqual([
      {
        line: 5,
        sku: 'KAY-X',
        reasons: expect.arrayContaining([
          'name_missing',
          'price_invalid',
          'serialized_invalid',
          'category_unknown',
          'location_unknown',
          'item_incomplete',
        ]),
      },
    ]);
    expect(await query(`SELECT 1 FROM products WHERE sku IN ('CAN-1', 'MAP-1')`)).toHaveLength(0);
    expect(await query(`SELECT 1 FROM items WHERE sku LIKE 'CAN-1-%'`)).toHaveLength(0);
  });

  it('imports a clean file in one go: products, items per location and bulk stock', async () => {
    const res = await upload(
      '/api/nine/inventory/import',
      'stock.csv',
      Buffer.from([header, ...good].join('\r\n')),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      imported: true,
      products_created: 2,
      items_created: 2,
      stock_rows: 1,
    });
    const items = await query<{ sku: string; home_location_id: number; price_minor: number }>(
      `SELECT i.sku, i.home_location_id, p.price_minor FROM items i JOIN products p ON p.id = i.product_id WHERE p.sku = 'CAN-1' ORDER BY i.sku`,
    );
    expect(items).toEqual([
      { sku: 'CAN-1-A', home_location_id: loc, price_minor: 4500 },
      { sku: 'CAN-1-B', home_location_id: other, price_minor: 4500 },
    ]);
    const again = await upload(
      '/api/nine/inventory/import',
      'stock.csv',
      Buffer.from([header, good[0]].join('\n')),
    );
    expect(again.json().data.refused[0].reasons).toEqual(
      expect.arrayContaining(['item_sku_taken', 'item_barcode_taken']),
    );
  });

  it('accepts only .csv files within 10 MB with the expected header', async () => {
    expect(
      (await upload('/api/nine/inventory/import', 'stock.xlsx', Buffer.from(header))).json().resp_code,
    ).toBe(1308);
    expect(
      (await upload('/api/nine/inventory/import', 'x.csv', Buffer.from('colour,size\nred,2'))).json()
        .resp_code,
    ).toBe(1308);
    const huge = Buffer.concat([Buffer.from(`${header}\n`), Buffer.alloc(10 * 1024 * 1024 + 10, 'a')]);
    expect((await upload('/api/nine/inventory/import', 'big.csv', huge)).json().resp_code).toBe(1007);
  });
});

describe('inventory export', () => {
  it('exports the rent list with its filters as CSV, headers in the requester’s language', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/nine/exports',
      headers: { ...headers, 'accept-language': 'es-ES' },
      payload: { list: 'rent-inventory', description: 'Kayaks', filters: { search: 'life jacket' } },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json().data.id as number;
    let status = 'in_progress';
    for (let i = 0; i < 60 && status === 'in_progress'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await query<{ status: string }>('SELECT status FROM exports WHERE id = $1', [id]))[0]!.status;
    }
    expect(status).toBe('ready');
    const file = await app.inject({ method: 'GET', url: `/api/nine/exports/${id}/download`, headers });
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Total de horas de alquiler');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Life jacket');
  });
});

describe('rent detail page without permission (spec section 6)', () => {
  it('opens for any user of the location, leaving cost and revenue figures to inventory holders', async () => {
    await createUser(tdb.db, { email: 'clerk@nine.test', locations: [loc], grants: [] });
    const clerk = {
      authorization: `Bearer ${await login(app, 'clerk@nine.test')}`,
      'location-id': String(loc),
    };
    const url = `/api/nine/inventory/detail/rent/${cat.rentProductId}`;
    // A closed repair with a cost, so the maintenance figures have something to hide.
    const [repair] = await query<{ id: number }>(
      `INSERT INTO repair_logs (item_id, location_id, problem, status, closed_at)
       SELECT id, $2, 'Cracked hull', 'closed', now() FROM items WHERE product_id = $1 ORDER BY id LIMIT 1 RETURNING id`,
      [cat.rentProductId, loc],
    );
    await query(`INSERT INTO repair_work (repair_log_id, work, cost_minor) VALUES ($1, 'Patch', 2500)`, [
      repair!.id,
    ]);

    const bare = await get(url, clerk);
    expect(bare.statusCode, bare.body).toBe(200);
    const view = bare.json().data;
    expect(view.figures).toBe(false);
    const full = (await get(url, viewer)).json().data;
    // Everything but the figures: the same product, items and stock.
    expect(view.product).toEqual(full.product);
    expect(view.product.id).toBe(cat.rentProductId);
    expect(view.items.map((i: { sku: string }) => i.sku)).toEqual(
      full.items.map((i: { sku: string }) => i.sku),
    );
    expect(view.items.length).toBeGreaterThan(0);
    expect(view.totals).not.toHaveProperty('revenue_minor');
    for (const item of view.items) expect(item).not.toHaveProperty('revenue_minor');
    expect(view.maintenance.map((r: { problem: string }) => r.problem)).toContain('Cracked hull');
    for (const row of view.maintenance) expect(row).not.toHaveProperty('cost_minor');
    expect(JSON.stringify(view)).not.toContain('revenue_minor');
    expect(JSON.stringify(view)).not.toContain('cost_minor');

    expect(full.figures).toBe(true);
    expect(typeof full.totals.revenue_minor).toBe('number');
    expect(typeof full.items[0].revenue_minor).toBe('number');
    expect(full.maintenance.map((r: { cost_minor: number }) => r.cost_minor)).toContain(2500);

    // The sale detail and the full product read keep `inventory`; a sale product is not a rent page.
    expect((await get(`/api/nine/inventory/products/${cat.rentProductId}`, clerk)).statusCode).toBe(403);
    expect((await get(`/api/nine/inventory/detail/rent/${cat.saleProductId}`, clerk)).statusCode).toBe(404);
    // Another location still needs that location.
    expect((await get(url, { ...clerk, 'location-id': String(other) })).statusCode).toBe(403);
  });
});
