import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let headers: Record<string, string>;
const ids: Record<string, number> = {};

const q = <T extends object = { id: number }>(sql: string, params: unknown[] = []) =>
  tdb.db.pool.query<T>(sql, params).then((r) => r.rows);

/** A category under `parent`, a product in it and, for serialized products, items at the location. */
async function product(
  loc: number,
  p: { sku: string; name: string; category: number | null; serialized: boolean; kind?: 'rent' | 'sale' },
  items: { sku: string; barcode: string }[] = [],
): Promise<number> {
  const [row] = await q(
    `INSERT INTO products (kind, sku, name, category_id, is_serialized, price_minor) VALUES ($1, $2, $3, $4, $5, 1000) RETURNING id`,
    [p.kind ?? 'rent', p.sku, p.name, p.category, p.serialized],
  );
  for (const item of items)
    await q(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $3, $4, $4)`,
      [row!.id, item.sku, item.barcode, loc],
    );
  if (!p.serialized)
    await q(`INSERT INTO stock_levels (product_id, location_id, quantity) VALUES ($1, $2, 5)`, [
      row!.id,
      loc,
    ]);
  return row!.id;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  const loc = await createLocation(tdb.db, 'Harbour');
  const category = async (name: string, parent: number | null = null) =>
    (await q(`INSERT INTO categories (name, parent_id) VALUES ($1, $2) RETURNING id`, [name, parent]))[0]!.id;
  ids.bikes = await category('Bikes');
  ids.cityBikes = await category('City bikes', ids.bikes);
  ids.water = await category('Water');
  ids.kayaks = await category('Kayaks', ids.water);
  ids.shop = await category('Shop');
  ids.urban = await product(
    loc,
    { sku: 'CITY-1', name: 'Urban 3', category: ids.cityBikes, serialized: true },
    [
      { sku: 'CITY-1-001', barcode: '2900000000011' },
      { sku: 'CITY-1-002', barcode: '2900000000028' },
    ],
  );
  ids.touring = await product(
    loc,
    { sku: 'SEA-1', name: 'Sea Touring', category: ids.kayaks, serialized: true },
    [{ sku: 'SEA-1-001', barcode: '2900000000035' }],
  );
  ids.kayakDeMer = await product(
    loc,
    { sku: 'KDM-1', name: 'Kayak de mer', category: ids.kayaks, serialized: true },
    [{ sku: 'KDM-1-001', barcode: '2900000000042' }],
  );
  ids.paddle = await product(loc, { sku: 'PAD-1', name: 'Sea-1 paddle', category: null, serialized: false });
  ids.velo = await product(loc, { sku: 'VEL-1', name: 'Vélo électrique', category: null, serialized: false });
  ids.cotton = await product(loc, {
    sku: 'TEE_01',
    name: '100% cotton shirt',
    category: ids.shop,
    serialized: false,
    kind: 'sale',
  });
  const [color] = await q(`INSERT INTO attributes (name, kind) VALUES ('Color', 'option') RETURNING id`);
  await q(
    `INSERT INTO product_attribute_values (product_id, attribute_id, value) VALUES ($1, $2, 'Turquoise')`,
    [ids.touring, color!.id],
  );
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'rent_order', action: 'manage' },
      { resource: 'category', action: 'change' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

interface Match {
  kind: 'item' | 'product';
  product_id: number;
  item_sku: string | null;
}

async function search(text: string, extra = ''): Promise<Match[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/nine/catalogue/search?search=${encodeURIComponent(text)}${extra}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.matches;
}
const skus = (found: Match[]) => found.map((m) => m.item_sku ?? `product ${m.product_id}`);

describe('the counter finds items by what a clerk types', () => {
  it('finds the items of a category by a word of its parent category ("bike" finds City bikes under Bikes)', async () => {
    expect(skus(await search('bike', '&kind=rent'))).toEqual(['CITY-1-001', 'CITY-1-002']);
    expect(skus(await search('BIKES'))).toEqual(['CITY-1-001', 'CITY-1-002']);
  });

  it('ignores case and accents, in the search and in the catalogue', async () => {
    const kayaks = ['KDM-1-001', 'SEA-1-001'];
    for (const text of ['kayak', 'Kayak', 'KAYAK', 'kayák', 'Kàyâk'])
      expect(skus(await search(text))).toEqual(kayaks);
    for (const text of ['VÉLO', 'velo', 'electrique'])
      expect(skus(await search(text))).toEqual([`product ${ids.velo}`]);
  });

  it('puts a name that starts with the search before a category match, and an exact code first of all', async () => {
    // "Kayak de mer" starts with the word; "Sea Touring" is only in the Kayaks category.
    expect((await search('kayak')).map((m) => m.product_id)).toEqual([ids.kayakDeMer, ids.touring]);
    // The item of product SKU SEA-1 before the paddle whose name starts with "Sea-1".
    expect(skus(await search('sea-1'))).toEqual(['SEA-1-001', `product ${ids.paddle}`]);
  });

  it('finds an item by its barcode, whole or in part, and a product by an attribute value', async () => {
    expect(skus(await search('2900000000028'))).toEqual(['CITY-1-002']);
    expect(skus(await search('00000035'))).toEqual(['SEA-1-001']);
    expect(skus(await search('turquoise'))).toEqual(['SEA-1-001']);
  });

  it('needs every word, each found in any field', async () => {
    expect(skus(await search('water turquoise'))).toEqual(['SEA-1-001']);
    expect(skus(await search('city urban'))).toEqual(['CITY-1-001', 'CITY-1-002']);
    expect(await search('city kayak')).toEqual([]);
  });

  it('finds a renamed category by its new name only, and follows a category moved to another parent', async () => {
    const rename = await app.inject({
      method: 'PATCH',
      url: `/api/nine/categories/${ids.water}`,
      headers,
      payload: { name: 'Pagaie & Rivière' },
    });
    expect(rename.statusCode).toBe(200);
    expect(skus(await search('riviere'))).toEqual(['KDM-1-001', 'SEA-1-001']);
    expect(await search('water')).toEqual([]);

    const move = await app.inject({
      method: 'PATCH',
      url: `/api/nine/categories/${ids.kayaks}`,
      headers,
      payload: { parent_id: ids.bikes },
    });
    expect(move.statusCode).toBe(200);
    expect(await search('riviere')).toEqual([]);
    expect(skus(await search('bikes')).sort()).toEqual([
      'CITY-1-001',
      'CITY-1-002',
      'KDM-1-001',
      'SEA-1-001',
    ]);
  });

  it('follows attribute values as they change', async () => {
    await q(`UPDATE product_attribute_values SET value = 'Coral' WHERE product_id = $1`, [ids.touring]);
    expect(await search('turquoise')).toEqual([]);
    expect(skus(await search('coral'))).toEqual(['SEA-1-001']);
    await q(`DELETE FROM product_attribute_values WHERE product_id = $1`, [ids.touring]);
    expect(await search('coral')).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(skus(await search('%'))).toEqual([`product ${ids.cotton}`]);
    expect(skus(await search('_'))).toEqual([`product ${ids.cotton}`]);
    expect(await search('%%%_')).toEqual([]);
    expect(await search('k%k')).toEqual([]);
  });

  it('searches the product list the same way, best matches first', async () => {
    const list = async (text: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/nine/catalogue/products?search=${encodeURIComponent(text)}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.rows.map((p: { id: number }) => p.id);
    };
    expect(await list('KAYÁK')).toEqual([ids.kayakDeMer, ids.touring]);
    expect(await list('city bike')).toEqual([ids.urban]);
    expect(await list('vel-1')).toEqual([ids.velo]);
    expect(await list('%')).toEqual([ids.cotton]);
  });
});
