import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type NineApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let headers: Record<string, string>;
let dataDir: string;
const ids: Record<string, number> = {};

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const photosDir = () => join(dataDir, 'order-photos');

// The smallest valid PNG (1×1) and a JPEG's first bytes: the server checks the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fileName: string, body: Buffer, type = 'image/png') {
  const boundary = '----nine-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const get = (url: string, h = headers) => app.inject({ method: 'GET', url, headers: h });
const list = async (query: string) =>
  (await get(`/api/nine/rent-orders?page_size=200&${query}`)).json().data as {
    rows: { id: number; status: string; flags: { order_image: boolean } }[];
    total: number;
  };
const listIds = async (query: string) => (await list(query)).rows.map((r) => r.id).sort((a, b) => a - b);

async function order(values: { status?: string; customer?: number; start?: string; created?: string }) {
  const { rows } = await q(
    `INSERT INTO orders (type, source, status, location_id, customer_id, planned_start, planned_finish, created_at)
     VALUES ('rent', 'walk_in', $1, $2, $3, $4::timestamptz, $4::timestamptz + interval '1 day', coalesce($5::timestamptz, now())) RETURNING id`,
    [
      values.status ?? 'pending',
      loc,
      values.customer ?? cat.customerId,
      values.start ?? '2031-03-10T10:00:00Z',
      values.created ?? null,
    ],
  );
  return rows[0].id as number;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), 'nine-orders-view-'));
  loc = await createLocation(tdb.db, 'Harbour');
  other = await createLocation(tdb.db, 'Lake');
  cat = await createCatalogue(tdb.db, loc, { items: 2 });
  await createUser(tdb.db, { email: 'both@nine.test', locations: [loc, other], grants: everything });
  await createUser(tdb.db, { email: 'here@nine.test', locations: [loc], grants: everything });
  const { rows } = await q(
    `INSERT INTO customers (first_name, last_name, phone) VALUES ('Grace', 'Hopper', '555-0101') RETURNING id`,
  );
  ids.grace = rows[0].id;
  ids.a = await order({ status: 'pending', start: '2031-03-10T10:00:00Z', created: '2031-01-05T12:00:00Z' });
  ids.b = await order({ status: 'confirmed', customer: ids.grace, start: '2031-03-12T10:00:00Z' });
  ids.c = await order({ status: 'closed', start: '2031-04-01T10:00:00Z' });
  ids.elsewhere = (
    await q(
      `INSERT INTO orders (type, source, status, location_id, customer_id) VALUES ('rent', 'phone', 'pending', $1, $2) RETURNING id`,
      [other, cat.customerId],
    )
  ).rows[0].id;
  const config = {
    ...loadConfig({}),
    dataDir,
    webDist: '/nonexistent',
    outboxDir: join(dataDir, 'outbox'),
    exportsDir: join(dataDir, 'exports'),
    publicUrl: 'http://nine.test',
  };
  ({ app } = await buildApp({ config, db: tdb.db, logger: false, jobPollingSeconds: 0.5 }));
  headers = { authorization: `Bearer ${await login(app, 'both@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('column filters', () => {
  it('filters by options, text, timestamp and date range in SQL', async () => {
    expect(await listIds('f_status=pending,confirmed')).toEqual([ids.a, ids.b]);
    expect(await listIds('f_status=closed')).toEqual([ids.c]);
    expect(await listIds('f_customer=hopp')).toEqual([ids.b]);
    const number = (await q('SELECT number FROM orders WHERE id = $1', [ids.c])).rows[0].number;
    expect(await listIds(`f_number=${number}`)).toEqual([ids.c]);
    expect(await listIds('f_created_at=2031-01-05')).toEqual([ids.a]);
    expect(await listIds('f_planned_start=2031-03-01..2031-03-31')).toEqual([ids.a, ids.b]);
    expect(await listIds('f_planned_start=2031-03-11..')).toEqual([ids.b, ids.c]);
    expect(await listIds('f_planned_start=..2031-03-10')).toEqual([ids.a]);
    expect(await listIds('f_source=phone')).toEqual([]);
    // Filters combine with each other and with the list's own filters.
    expect(await listIds('f_status=pending,confirmed&f_customer=hopp&order_status_r=confirmed')).toEqual([
      ids.b,
    ]);
  });

  it('refuses malformed filters with 400 (validation)', async () => {
    for (const bad of [
      'f_status=lost',
      'f_planned_start=2031-13-01',
      'f_planned_start=2031-03-10..2031-03-01',
      'f_flags=everything',
      'f_number=12a',
    ]) {
      const res = await get(`/api/nine/rent-orders?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().resp_code).toBe(1001);
    }
  });
});

describe('customer info', () => {
  it('adds and removes participants, each on the timeline', async () => {
    const url = `/api/nine/rent-orders/${ids.a}/participants`;
    const added = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { name: 'Ada', age: 36, weight_kg: 60, notes: 'Needs a small helmet' },
    });
    expect(added.statusCode).toBe(200);
    const order = added.json().data;
    expect(order.participants).toEqual([
      { id: expect.any(Number), name: 'Ada', age: 36, weight_kg: 60, notes: 'Needs a small helmet' },
    ]);
    expect(order.timeline.at(-1)).toMatchObject({ action: 'participant_added', data: { name: 'Ada' } });
    const bad = await app.inject({ method: 'POST', url, headers, payload: { name: '', age: 500 } });
    expect(bad.statusCode).toBe(400);
    const removed = await app.inject({
      method: 'DELETE',
      url: `${url}/${order.participants[0].id}`,
      headers,
    });
    expect(removed.json().data.participants).toEqual([]);
    expect((await q('SELECT count(*)::int AS n FROM order_participants')).rows[0].n).toBe(0);
  });

  it('stores a drawn PNG signature or draws a typed one as escaped SVG', async () => {
    const url = `/api/nine/rent-orders/${ids.a}/signature`;
    const drawn = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        method: 'drawn',
        signer_name: 'Ada',
        image: `data:image/png;base64,${PNG.toString('base64')}`,
      },
    });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.json().data.signature).toMatchObject({
      method: 'drawn',
      signer_name: 'Ada',
      signed_by: 'both',
    });
    const typed = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { method: 'typed', signer_name: 'Ada <script>' },
    });
    const signature = typed.json().data.signature;
    expect(signature.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(signature.image.split(',')[1], 'base64').toString();
    expect(svg).toContain('Ada &lt;script&gt;');
    expect(svg).not.toContain('<script>');
    // A "PNG" that is not one is refused.
    const fake = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { method: 'drawn', signer_name: 'Ada', image: 'data:image/png;base64,PHN2Zz4=' },
    });
    expect(fake.statusCode).toBe(400);
    const { rows } = await q('SELECT method, signer_name FROM order_signatures WHERE order_id = $1', [ids.a]);
    expect(rows).toEqual([{ method: 'typed', signer_name: 'Ada <script>' }]);
  });
});

describe('photos', () => {
  it('uploads, serves and deletes a photo, keeping the list flag in step', async () => {
    const up = multipart('boat.png', PNG);
    const res = await app.inject({
      method: 'POST',
      url: `/api/nine/rent-orders/${ids.b}/photos`,
      headers: { ...headers, ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().data.photos[0];
    expect(photo).toMatchObject({ file_name: 'boat.png', content_type: 'image/png', size_bytes: PNG.length });
    expect((await list('f_flags=order_image')).rows.map((r) => r.id)).toEqual([ids.b]);
    expect((await readdir(photosDir())).filter((f) => !f.endsWith('.part'))).toHaveLength(1);

    const file = await get(`/api/nine/rent-orders/${ids.b}/photos/${photo.id}`);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/nine/rent-orders/${ids.b}/photos/${photo.id}`,
      headers,
    });
    expect(gone.json().data.photos).toEqual([]);
    expect(gone.json().data.timeline.map((e: { action: string }) => e.action)).toEqual([
      'photo_added',
      'photo_removed',
    ]);
    expect((await list('f_flags=order_image')).total).toBe(0);
    expect(await readdir(photosDir())).toEqual([]);
  });

  it('refuses other types (1209) and files over the location’s limit (1210)', async () => {
    const text = multipart('notes.png', Buffer.from('just text, not an image'));
    const wrong = await app.inject({
      method: 'POST',
      url: `/api/nine/rent-orders/${ids.b}/photos`,
      headers: { ...headers, ...text.headers },
      payload: text.payload,
    });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().resp_code).toBe(1209);
    const gif = multipart('anim.gif', PNG, 'image/gif');
    const named = await app.inject({
      method: 'POST',
      url: `/api/nine/rent-orders/${ids.b}/photos`,
      headers: { ...headers, ...gif.headers },
      payload: gif.payload,
    });
    expect(named.json().resp_code).toBe(1209);

    await q('UPDATE general_settings SET order_photo_max_bytes = 10240 WHERE location_id = $1', [loc]);
    const big = multipart('big.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20_000)]));
    const tooBig = await app.inject({
      method: 'POST',
      url: `/api/nine/rent-orders/${ids.b}/photos`,
      headers: { ...headers, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().resp_code).toBe(1210);
    expect((await q('SELECT count(*)::int AS n FROM order_photos')).rows[0].n).toBe(0);
    expect(await readdir(photosDir())).toEqual([]);
    await q('UPDATE general_settings SET order_photo_max_bytes = DEFAULT WHERE location_id = $1', [loc]);
  });
});

describe('orders of other locations', () => {
  it('opens them where the user holds the permission, and refuses changes until that location is chosen', async () => {
    const view = await get(`/api/nine/rent-orders/${ids.elsewhere}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().data.location_id).toBe(other);
    const change = await app.inject({
      method: 'POST',
      url: `/api/nine/rent-orders/${ids.elsewhere}/participants`,
      headers,
      payload: { name: 'Ada' },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().resp_code).toBe(1211);

    const local = {
      authorization: `Bearer ${await login(app, 'here@nine.test')}`,
      'location-id': String(loc),
    };
    expect((await get(`/api/nine/rent-orders/${ids.elsewhere}`, local)).statusCode).toBe(404);
    expect((await get(`/api/nine/rent-orders?location_id=${other}`, local)).statusCode).toBe(403);
  });
});

describe('item actions', () => {
  const rentItem = async (itemId: number, start: string, finish: string) => {
    const { rows } = await q(
      `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor) VALUES ('rent', 'walk_in', 'confirmed', $1, $2, 8000) RETURNING id`,
      [loc, cat.customerId],
    );
    const line = await q(
      `INSERT INTO order_items (order_id, product_id, item_id, quantity, unit_price_minor, status, planned_start, planned_finish)
       VALUES ($1, $2, $3, 1, 8000, 'confirmed', $4, $5) RETURNING id`,
      [rows[0].id, cat.rentProductId, itemId, start, finish],
    );
    return { order: rows[0].id as number, line: line.rows[0].id as number };
  };
  const version = async (id: number) =>
    (await q('SELECT version FROM orders WHERE id = $1', [id])).rows[0].version;

  it('edits a discount and sets counters, recomputing the total and writing the timeline', async () => {
    const { order, line } = await rentItem(cat.itemIds[0]!, '2032-01-01T09:00:00Z', '2032-01-02T09:00:00Z');
    const url = `/api/nine/rent-orders/${order}/items/${line}`;
    const edited = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { version: 1, discount_minor: 1000 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.items[0]).toMatchObject({ discount_minor: 1000 });
    expect(edited.json().data.total_minor).toBe(7000);
    const counted = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { version: 2, counter_start: 120, counter_end: 135 },
    });
    expect(counted.json().data.items[0]).toMatchObject({ counter_start: 120, counter_end: 135 });
    expect(counted.json().data.timeline.map((e: { action: string }) => e.action)).toEqual([
      'item_edited',
      'counter_set',
    ]);
    const stale = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { version: 1, counter_end: 140 },
    });
    expect(stale.json().resp_code).toBe(1021);
    const backwards = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { version: 3, counter_end: 100 },
    });
    expect(backwards.statusCode).toBe(400);
    const tooMuch = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { version: 3, discount_minor: 9000 },
    });
    expect(tooMuch.statusCode).toBe(400);
  });

  it('replaces an item by SKU, asking to confirm another product, and never double-books', async () => {
    const a = await rentItem(cat.itemIds[0]!, '2032-02-01T09:00:00Z', '2032-02-03T09:00:00Z');
    await rentItem(cat.itemIds[1]!, '2032-02-02T09:00:00Z', '2032-02-04T09:00:00Z');
    const sku = async (itemId: number) =>
      (await q('SELECT sku FROM items WHERE id = $1', [itemId])).rows[0].sku;
    const url = `/api/nine/rent-orders/${a.order}/items/${a.line}/replace`;
    // The second item is booked over the same days: refused by the exclusion constraint (1207).
    const busy = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { version: 1, sku: await sku(cat.itemIds[1]!) },
    });
    expect(busy.statusCode).toBe(422);
    expect(busy.json().resp_code).toBe(1207);
    expect(await version(a.order)).toBe(1);

    // An item of another product needs the warning acknowledged.
    const { rows } = await q(
      `INSERT INTO products (name, sku, kind, is_serialized, price_minor) VALUES ('Canoe', 'CANOE-X', 'rent', true, 6000) RETURNING id`,
    );
    await q(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, 'CANOE-1', 'BC-CANOE-1', $2, $2)`,
      [rows[0].id, loc],
    );
    const asked = await app.inject({ method: 'POST', url, headers, payload: { version: 1, sku: 'canoe-1' } });
    expect(asked.json()).toMatchObject({ resp_code: 1205, data: { warnings: ['category_change'] } });
    const done = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { version: 1, sku: 'CANOE-1', acknowledge: ['category_change'] },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.items[0]).toMatchObject({ item_sku: 'CANOE-1', product_name: 'Canoe' });
    expect(done.json().data.timeline.at(-1)).toMatchObject({
      action: 'item_replaced',
      data: { new_sku: 'CANOE-1' },
    });
  });
});

describe('add to invoice', () => {
  const invoiceOrder = async () => {
    const { rows } = await q(
      `INSERT INTO orders (type, source, status, location_id, customer_id, total_minor) VALUES ('rent', 'walk_in', 'confirmed', $1, $2, 5500) RETURNING id`,
      [loc, cat.customerId],
    );
    const line = async (quantity: number, price: number, discount: number, status = 'confirmed') =>
      (
        await q(
          `INSERT INTO order_items (order_id, product_id, quantity, unit_price_minor, discount_minor, status) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [rows[0].id, cat.bulkProductId, quantity, price, discount, status],
        )
      ).rows[0].id as number;
    return {
      order: rows[0].id as number,
      a: await line(2, 500, 100),
      b: await line(1, 4000, 0),
      c: await line(1, 600, 0),
    };
  };
  const add = (order: number, payload: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/nine/rent-orders/${order}/invoice-items`,
      headers: key ? { ...headers, 'idempotency-key': key } : headers,
      payload,
    });
  const timing = (value: string) =>
    q(
      `INSERT INTO activity_settings (location_id, rental_type_id, manual_invoice_time) VALUES ($1, 1, $2::invoice_timing)
       ON CONFLICT (location_id, rental_type_id) DO UPDATE SET manual_invoice_time = EXCLUDED.manual_invoice_time`,
      [loc, value],
    );

  it('adds chosen lines to the invoice in progress, once per key, with the tax recomputed over all lines', async () => {
    const tax = (
      await q(`INSERT INTO taxes (name, rate_bp, is_active) VALUES ('VAT', 1000, true) RETURNING id`)
    ).rows[0].id;
    try {
      const { order, a, b } = await invoiceOrder();
      const first = await add(order, { version: 1, item_ids: [a] }, 'inv-items-1');
      expect(first.statusCode, first.body).toBe(200);
      const invoiceId = first.json().data.invoice_id as number;
      const items = first.json().data.order.items as { id: number; invoiced: boolean }[];
      expect(items.filter((i) => i.invoiced).map((i) => i.id)).toEqual([a]);
      expect(first.json().data.order.version).toBe(2);
      // The same key replays the first answer: still one line on one invoice.
      const again = await add(order, { version: 1, item_ids: [a] }, 'inv-items-1');
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().data.invoice_id).toBe(invoiceId);
      expect(
        (await q('SELECT count(*)::int AS n FROM invoice_lines WHERE order_item_id = $1', [a])).rows[0].n,
      ).toBe(1);

      const second = await add(order, { version: 2, item_ids: [b] }, 'inv-items-2');
      expect(second.json().data.invoice_id).toBe(invoiceId);
      const invoice = (
        await q(
          'SELECT status, subtotal_minor, discount_minor, tax_minor, total_minor FROM invoices WHERE id = $1',
          [invoiceId],
        )
      ).rows[0];
      // Net 900 + 4000 = 4900; 10 % tax on the invoice's net, spread over its lines.
      expect(invoice).toMatchObject({
        status: 'in_progress',
        subtotal_minor: 5000,
        discount_minor: 100,
        tax_minor: 490,
        total_minor: 5390,
      });
      const lines = await q(
        'SELECT order_item_id, tax_minor, total_minor FROM invoice_lines WHERE invoice_id = $1 ORDER BY id',
        [invoiceId],
      );
      expect(
        lines.rows.map((l) => [Number(l.order_item_id), Number(l.tax_minor), Number(l.total_minor)]),
      ).toEqual([
        [a, 90, 990],
        [b, 400, 4400],
      ]);

      const twice = await add(order, { version: 3, item_ids: [a] });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().resp_code).toBe(1250);
      expect(twice.json().data.item_ids).toEqual([a]);
      const stale = await add(order, { version: 1, item_ids: [b] });
      expect(stale.json().resp_code).toBe(1021);
      const timeline = (await get(`/api/nine/rent-orders/${order}`)).json().data.timeline as {
        action: string;
      }[];
      expect(timeline.filter((e) => e.action === 'items_invoiced')).toHaveLength(2);
    } finally {
      await q('UPDATE taxes SET is_active = false WHERE id = $1', [tax]);
    }
  });

  it('refuses a posted invoice (1251) and opens a new one when none is in progress', async () => {
    const { order, a, b } = await invoiceOrder();
    const invoiceId = (await add(order, { version: 1, item_ids: [a] })).json().data.invoice_id as number;
    await q(`UPDATE invoices SET status = 'posted', posted_at = now() WHERE id = $1`, [invoiceId]);
    const posted = await add(order, { version: 2, item_ids: [b], invoice_id: invoiceId });
    expect(posted.statusCode).toBe(409);
    expect(posted.json().resp_code).toBe(1251);
    const fresh = await add(order, { version: 2, item_ids: [b] });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data.invoice_id).not.toBe(invoiceId);
    const statuses = await q('SELECT status FROM invoices WHERE order_id = $1 ORDER BY id', [order]);
    expect(statuses.rows.map((r) => r.status)).toEqual(['posted', 'in_progress']);
  });

  it('follows manual_invoice_time: never (1252), not yet (1253), after delivery', async () => {
    const { order, a, b, c } = await invoiceOrder();
    await q(`UPDATE order_items SET status = 'delivered', delivered_at = now() WHERE id = $1`, [b]);
    await q(`UPDATE order_items SET status = 'cancelled' WHERE id = $1`, [c]);
    try {
      await timing('never');
      const never = await add(order, { version: 1, item_ids: [b] });
      expect(never.statusCode).toBe(422);
      expect(never.json().resp_code).toBe(1252);
      await timing('after_deliver');
      expect((await get(`/api/nine/rent-orders/${order}`)).json().data.manual_invoice_time).toBe(
        'after_deliver',
      );
      const early = await add(order, { version: 1, item_ids: [a, b] });
      expect(early.statusCode).toBe(422);
      expect(early.json().resp_code).toBe(1253);
      expect(early.json().data).toMatchObject({ item_ids: [a], timing: 'after_deliver' });
      expect(early.json().resp_message).toContain('Life jacket');
      const cancelled = await add(order, { version: 1, item_ids: [c] });
      expect(cancelled.statusCode).toBe(409);
      const delivered = await add(order, { version: 1, item_ids: [b] });
      expect(delivered.statusCode, delivered.body).toBe(200);
      const billed = await q(
        'SELECT l.order_item_id FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.order_id = $1',
        [order],
      );
      expect(billed.rows.map((r) => Number(r.order_item_id))).toEqual([b]);
    } finally {
      await timing('anytime');
    }
  });

  it('applies manual_invoice_time to invoicing the whole order too', async () => {
    const { order, b, c } = await invoiceOrder();
    await q(`UPDATE order_items SET status = 'cancelled' WHERE id = $1`, [c]);
    const whole = () =>
      app.inject({ method: 'POST', url: `/api/nine/orders/${order}/invoice`, headers, payload: {} });
    try {
      await timing('never');
      expect((await whole()).json().resp_code).toBe(1252);
      await timing('after_deliver');
      const early = await whole();
      expect(early.statusCode).toBe(422);
      expect(early.json().resp_code).toBe(1253);
      expect(early.json().data.item_ids).toHaveLength(2);
      expect(
        (await q('SELECT count(*)::int AS n FROM invoices WHERE order_id = $1', [order])).rows[0].n,
      ).toBe(0);
      await q(
        `UPDATE order_items SET status = 'delivered', delivered_at = now() WHERE order_id = $1 AND id <> $2`,
        [order, c],
      );
      const billed = await whole();
      expect(billed.statusCode, billed.body).toBe(201);
      const lines = await q(
        'SELECT l.order_item_id FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.order_id = $1',
        [order],
      );
      expect(lines.rows.map((r) => Number(r.order_item_id))).toContain(b);
      expect(lines.rows.map((r) => Number(r.order_item_id))).not.toContain(c);
    } finally {
      await timing('anytime');
    }
  });
});
