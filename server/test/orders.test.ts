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
let cat: CatalogueFixture;
let headers: Record<string, string>;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Dock');
  cat = await createCatalogue(tdb.db, loc, { items: 6, bulkStock: 10, saleStock: 5 });
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'boss@nine.test'`, [
    await hashPassword('4321'),
  ]);
  await q(`INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', 825, true)`);
  await q(
    `INSERT INTO activity_settings (location_id, rental_type_id, warn_early_deliver_minutes) VALUES ($1, 1, 30)`,
    [loc],
  );
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const rent = (
  items: object[],
  from = '2030-06-01T09:00:00Z',
  to = '2030-06-01T17:00:00Z',
  extra: object = {},
) => ({
  customer_id: cat.customerId,
  planned_start: from,
  planned_finish: to,
  items,
  ...extra,
});
const post = (url: string, payload: object, more: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { ...headers, ...more } });
const event = (id: number, payload: object) => post(`/api/nine/rent-orders/${id}/events`, payload);

describe('never double-booked', () => {
  it('50 concurrent bookings of one item for overlapping periods leave exactly one', async () => {
    const item = cat.itemIds[0]!;
    const attempts = Array.from({ length: 50 }, (_, i) =>
      post(
        '/api/nine/rent-orders',
        rent(
          [{ item_id: item }],
          `2030-07-01T${String(8 + (i % 4)).padStart(2, '0')}:00:00Z`,
          '2030-07-01T18:00:00Z',
        ),
      ),
    );
    const results = await Promise.all(attempts);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(49);
    const refused = results.find((r) => r.statusCode === 422)!.json();
    expect(refused.resp_code).toBe(1207);
    expect(refused.data['1207'][0]).toMatchObject({
      item_id: item,
      product_category: expect.stringContaining('Kayaks'),
    });
    const { rows } = await q(
      `SELECT count(*)::int AS n FROM order_items WHERE item_id = $1 AND status <> 'cancelled'`,
      [item],
    );
    expect(rows[0].n).toBe(1);
  });

  it('names every conflicting item at once and books nothing', async () => {
    const [a, b] = [cat.itemIds[1]!, cat.itemIds[2]!];
    expect(
      (
        await post(
          '/api/nine/rent-orders',
          rent([{ item_id: a }, { item_id: b }], '2030-08-01T09:00:00Z', '2030-08-01T12:00:00Z'),
        )
      ).statusCode,
    ).toBe(201);
    const before = (await q('SELECT count(*)::int AS n FROM orders')).rows[0].n;
    const clash = await post(
      '/api/nine/rent-orders',
      rent(
        [{ item_id: a }, { item_id: b }, { item_id: cat.itemIds[3]! }],
        '2030-08-01T11:00:00Z',
        '2030-08-01T15:00:00Z',
      ),
    );
    expect(clash.statusCode).toBe(422);
    expect(
      clash
        .json()
        .data['1207'].map((d: { item_id: number }) => d.item_id)
        .sort(),
    ).toEqual([a, b].sort());
    expect((await q('SELECT count(*)::int AS n FROM orders')).rows[0].n).toBe(before);
  });

  it('checks bulk gear against stock for the period (1208 with the SKU)', async () => {
    const six = [{ product_id: cat.bulkProductId, quantity: 6 }];
    expect(
      (await post('/api/nine/rent-orders', rent(six, '2030-09-01T09:00:00Z', '2030-09-01T17:00:00Z')))
        .statusCode,
    ).toBe(201);
    const second = await post(
      '/api/nine/rent-orders',
      rent(six, '2030-09-01T12:00:00Z', '2030-09-01T20:00:00Z'),
    );
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({
      resp_code: 1208,
      data: { 1208: [{ product_sku: expect.stringMatching(/^PFD-/) }] },
    });
    expect(
      (await post('/api/nine/rent-orders', rent(six, '2030-09-02T09:00:00Z', '2030-09-02T17:00:00Z')))
        .statusCode,
    ).toBe(201);
  });
});

describe('idempotent creation', () => {
  it('a create retried with the same key makes one order and replays the first answer', async () => {
    const body = rent([{ item_id: cat.itemIds[4]! }], '2030-10-01T09:00:00Z', '2030-10-01T17:00:00Z');
    const key = { 'idempotency-key': 'order-key-1' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/nine/rent-orders', body, key)),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    const { rows } = await q(`SELECT count(*)::int AS n FROM order_items WHERE item_id = $1`, [
      cat.itemIds[4],
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('refuses the same key with a different body (1020)', async () => {
    const key = { 'idempotency-key': 'order-key-2' };
    expect(
      (await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 1 }] }, key))
        .statusCode,
    ).toBe(201);
    const other = await post(
      '/api/nine/sale-orders',
      { items: [{ product_id: cat.saleProductId, quantity: 2 }] },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().resp_code).toBe(1020);
  });
});

describe('the rent lifecycle', () => {
  it('confirms, delivers with acknowledged warnings, returns, closes, and keeps a timeline', async () => {
    const created = await post(
      '/api/nine/rent-orders',
      rent(
        [{ item_id: cat.itemIds[5]! }, { product_id: cat.bulkProductId, quantity: 1 }],
        new Date(Date.now() + 3 * 3600_000).toISOString(),
        new Date(Date.now() + 6 * 3600_000).toISOString(),
        { status: 'pending' },
      ),
    );
    expect(created.statusCode).toBe(201);
    const order = created.json().data;
    // 2 items, 4000 per day for the kayak + 500 for the jacket, plus 8.25 % tax.
    expect(order.total_minor).toBe(4500 + Math.round((4500 * 825) / 10_000));
    expect(order.allowed_events.map((e: { type: string }) => e.type)).toEqual([
      'CONFIRM',
      'DELIVER',
      'CANCEL_ITEMS',
      'CANCEL',
    ]);
    const [kayak, jacket] = order.items.map((i: { id: number }) => i.id);

    expect((await event(order.id, { type: 'CONFIRM', version: 1 })).json().data.status).toBe('confirmed');
    const stale = await event(order.id, { type: 'DELIVER', item_ids: [kayak], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().resp_code).toBe(1021);

    const warned = await event(order.id, { type: 'DELIVER', item_ids: [kayak, jacket], version: 2 });
    expect(warned.json()).toMatchObject({
      resp_code: 1205,
      data: { warnings: ['unpaid', 'early_deliver', 'no_sku'] },
    });
    const delivered = await event(order.id, {
      type: 'DELIVER',
      item_ids: [kayak],
      version: 2,
      acknowledge: ['unpaid', 'early_deliver'],
    });
    expect(delivered.json().data).toMatchObject({ status: 'partially-delivered', version: 3 });
    expect((await q('SELECT status FROM items WHERE id = $1', [cat.itemIds[5]])).rows[0].status).toBe(
      'rented',
    );

    const twice = await event(order.id, { type: 'DELIVER', item_ids: [kayak], version: 3 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ resp_code: 1203, data: { 1203: [{ item_id: kayak }] } });

    await event(order.id, {
      type: 'DELIVER',
      item_ids: [jacket],
      version: 3,
      acknowledge: ['unpaid', 'early_deliver', 'no_sku'],
    });
    const returned = await event(order.id, {
      type: 'RETURN',
      item_ids: [kayak, jacket],
      version: 4,
      acknowledge: ['early_return'],
    });
    expect(returned.json().data.status).toBe('returned');
    const item = (await q('SELECT status, rent_count FROM items WHERE id = $1', [cat.itemIds[5]])).rows[0];
    expect(item).toEqual({ status: 'available', rent_count: 1 });
    // Unpaid: closing asks to acknowledge the balance due (close_with_balance_due defaults to 'warn').
    const unsettled = await event(order.id, { type: 'CLOSE', version: 5 });
    expect(unsettled.json()).toMatchObject({ resp_code: 1205, data: { warnings: ['balance_due'] } });
    const closed = (await event(order.id, { type: 'CLOSE', version: 5, acknowledge: ['balance_due'] })).json()
      .data;
    expect(closed.status).toBe('closed');
    expect(closed.closed_at).toBeTruthy();
    expect(closed.timeline.map((t: { action: string }) => t.action)).toEqual([
      'created',
      'event:CONFIRM',
      'event:DELIVER',
      'event:DELIVER',
      'event:RETURN',
      'event:CLOSE',
      // Closing leaves nothing in progress: the lines are billed and the invoice posted.
      'invoice:created',
      'invoice:posted',
    ]);
  });

  it('cancelling needs an access key; a wrong key is refused and counted', async () => {
    const order = (
      await post(
        '/api/nine/rent-orders',
        rent(
          [{ product_id: cat.bulkProductId, quantity: 1 }],
          '2031-01-01T09:00:00Z',
          '2031-01-01T10:00:00Z',
        ),
      )
    ).json().data;
    expect((await event(order.id, { type: 'CANCEL', version: 1 })).json().resp_code).toBe(1206);
    expect((await event(order.id, { type: 'CANCEL', version: 1, access_key: '0000' })).json().resp_code).toBe(
      1206,
    );
    expect(
      (await q(`SELECT count(*)::int AS n FROM auth_failures WHERE kind = 'access_key'`)).rows[0].n,
    ).toBe(1);
    const cancelled = await event(order.id, { type: 'CANCEL', version: 1, access_key: '4321' });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(cancelled.json().data.items[0].status).toBe('cancelled');
  });

  it('keeps the staff note to 255 characters and refuses a stale note edit', async () => {
    const order = (
      await post(
        '/api/nine/rent-orders',
        rent(
          [{ product_id: cat.bulkProductId, quantity: 1 }],
          '2031-02-01T09:00:00Z',
          '2031-02-01T10:00:00Z',
        ),
      )
    ).json().data;
    const url = `/api/nine/rent-orders/${order.id}/notes`;
    const tooLong = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { version: 1, staff_note: 'x'.repeat(256) },
    });
    expect(tooLong.statusCode).toBe(400);
    const ok = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { version: 1, staff_note: 'x'.repeat(255) },
    });
    expect(ok.json().data.staff_note).toHaveLength(255);
    expect(
      (await app.inject({ method: 'PATCH', url, headers, payload: { version: 1, customer_note: 'late' } }))
        .statusCode,
    ).toBe(409);
  });
});

describe('quick sale', () => {
  it('takes stock off the shelf, refuses more than there is, and restocks on cancel', async () => {
    const stock = async () =>
      (
        await q('SELECT quantity FROM stock_levels WHERE product_id = $1 AND location_id = $2', [
          cat.saleProductId,
          loc,
        ])
      ).rows[0].quantity;
    const start = await stock();
    const sale = await post('/api/nine/sale-orders', {
      items: [{ product_id: cat.saleProductId, quantity: 2, discount_minor: 200 }],
    });
    expect(sale.statusCode).toBe(201);
    const order = sale.json().data;
    expect(order).toMatchObject({ status: 'open', customer: { is_anonymous: true } });
    expect(order.total_minor).toBe(2200 + Math.round((2200 * 825) / 10_000));
    expect(await stock()).toBe(start - 2);
    const tooMany = await post('/api/nine/sale-orders', {
      items: [{ product_id: cat.saleProductId, quantity: start }],
    });
    expect(tooMany.json()).toMatchObject({
      resp_code: 1208,
      data: { 1208: [{ product_sku: expect.stringMatching(/^BTL-/) }] },
    });
    expect(await stock()).toBe(start - 2);
    const cancelled = await post(`/api/nine/sale-orders/${order.id}/events`, {
      type: 'CANCEL',
      version: 1,
      access_key: '4321',
    });
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(await stock()).toBe(start);
  });
});

describe('lists', () => {
  it('pages, sorts and filters in SQL', async () => {
    const all = (
      await app.inject({
        method: 'GET',
        url: '/api/nine/rent-orders?page_size=2&sort=planned_start&sort_type=asc',
        headers,
      })
    ).json().data;
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(6);
    expect(new Date(all.rows[0].planned_start).getTime()).toBeLessThanOrEqual(
      new Date(all.rows[1].planned_start).getTime(),
    );
    const closed = (
      await app.inject({ method: 'GET', url: '/api/nine/rent-orders?order_status_r=closed', headers })
    ).json().data;
    expect(closed.rows.every((r: { status: string }) => r.status === 'closed')).toBe(true);
    expect(closed.total).toBe(1);
    const search = (
      await app.inject({ method: 'GET', url: '/api/nine/rent-orders?search=lovelace', headers })
    ).json().data;
    expect(search.total).toBe(all.total);
    const byNumber = (
      await app.inject({ method: 'GET', url: `/api/nine/rent-orders?search=${all.rows[0].number}`, headers })
    ).json().data;
    expect(byNumber.rows.map((r: { id: number }) => r.id)).toEqual([all.rows[0].id]);
    const nobody = (
      await app.inject({ method: 'GET', url: '/api/nine/rent-orders?search=zz%25_', headers })
    ).json().data;
    expect(nobody.total).toBe(0);
    const sales = (await app.inject({ method: 'GET', url: '/api/nine/sale-orders', headers })).json().data;
    expect(sales.rows.every((r: { type: string }) => r.type === 'sale')).toBe(true);
    const bad = await app.inject({ method: 'GET', url: '/api/nine/rent-orders?sort=drop_table', headers });
    expect(bad.statusCode).toBe(400);
  });

  it('derives overdue from the planned finish', async () => {
    const { rows } = await q(
      `INSERT INTO orders (type, source, status, location_id, customer_id, planned_start, planned_finish) VALUES ('rent', 'walk_in', 'delivered', $1, $2, now() - interval '2 days', now() - interval '1 hour') RETURNING id`,
      [loc, cat.customerId],
    );
    const overdue = (
      await app.inject({ method: 'GET', url: '/api/nine/rent-orders?order_status_r=overdue', headers })
    ).json().data;
    expect(overdue.rows.map((r: { id: number }) => r.id)).toEqual([rows[0].id]);
    expect(overdue.rows[0].overdue).toBe(true);
  });

  it('answers order ids that are not numbers with 400 and other locations’ orders with 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/nine/rent-orders/abc', headers })).statusCode).toBe(
      400,
    );
    const elsewhere = await createLocation(tdb.db, 'Elsewhere');
    const { rows } = await q(
      `INSERT INTO orders (type, source, status, location_id) VALUES ('rent', 'walk_in', 'pending', $1) RETURNING id`,
      [elsewhere],
    );
    expect(
      (await app.inject({ method: 'GET', url: `/api/nine/rent-orders/${rows[0].id}`, headers })).statusCode,
    ).toBe(404);
  });
});

describe('overrides', () => {
  it('changes cost with a log row for the price-adjustment report and a new total; refuses once invoiced', async () => {
    const order = (
      await post(
        '/api/nine/rent-orders',
        rent(
          [{ product_id: cat.bulkProductId, quantity: 2 }],
          '2031-03-01T09:00:00Z',
          '2031-03-01T10:00:00Z',
        ),
      )
    ).json().data;
    const line = order.items[0].id;
    const changed = await post(`/api/nine/rent-orders/${order.id}/change-cost`, {
      order_item_id: line,
      unit_price_minor: 300,
      version: 1,
      comment: 'repeat customer',
      access_key: '4321',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.total_minor).toBe(600 + Math.round((600 * 825) / 10_000));
    const log = (
      await q(
        `SELECT l.old_value, l.new_value, l.comment, u.email AS approver FROM override_logs l JOIN users u ON u.id = l.approver_id WHERE l.order_id = $1`,
        [order.id],
      )
    ).rows;
    expect(log).toEqual([
      { old_value: 500, new_value: 300, comment: 'repeat customer', approver: 'boss@nine.test' },
    ]);
    await post(`/api/nine/orders/${order.id}/invoice`, {});
    const again = await post(`/api/nine/rent-orders/${order.id}/change-cost`, {
      order_item_id: line,
      unit_price_minor: 100,
      version: 2,
      comment: 'x',
    });
    expect(again.json()).toMatchObject({ resp_code: 1005, data: { reason: 'already_invoiced' } });
  });

  it('overrides a required deposit only with an approver’s key, and logs it', async () => {
    const order = (
      await post(
        '/api/nine/rent-orders',
        rent([{ item_id: cat.itemIds[3]! }], '2031-04-01T09:00:00Z', '2031-04-01T10:00:00Z'),
      )
    ).json().data;
    expect(order.deposit_minor).toBe(15000);
    const url = `/api/nine/rent-orders/${order.id}/deposit-override`;
    expect(
      (await post(url, { deposit_minor: 5000, version: 1, comment: 'regular', access_key: '0000' })).json()
        .resp_code,
    ).toBe(1206);
    const ok = await post(url, { deposit_minor: 5000, version: 1, comment: 'regular', access_key: '4321' });
    expect(ok.json().data.deposit_minor).toBe(5000);
    const log = (
      await q(`SELECT kind, old_value, new_value FROM override_logs WHERE order_id = $1`, [order.id])
    ).rows;
    expect(log).toEqual([{ kind: 'security_deposit', old_value: 15000, new_value: 5000 }]);
  });
});

describe('delivery', () => {
  it('assigns delivery to items where the location delivers, lists it on the day’s report, and changes its status', async () => {
    const order = (
      await post(
        '/api/nine/rent-orders',
        rent(
          [{ item_id: cat.itemIds[2]! }, { product_id: cat.bulkProductId, quantity: 1 }],
          '2031-05-02T16:00:00Z',
          '2031-05-03T09:00:00Z',
        ),
      )
    ).json().data;
    const assign = {
      type: 'delivery',
      scheduled_at: '2031-05-02T15:00:00Z',
      item_ids: order.items.map((i: { id: number }) => i.id),
    };
    expect((await post(`/api/nine/rent-orders/${order.id}/deliveries`, assign)).json().data.reason).toBe(
      'location_does_not_deliver',
    );
    await q(
      `INSERT INTO location_activity_settings (location_id, rental_type_id, delivery_availability) VALUES ($1, 1, true)`,
      [loc],
    );
    expect(
      (await post(`/api/nine/rent-orders/${order.id}/deliveries`, assign)).json().data.issues[0],
    ).toMatchObject({ path: 'address', code: 'required' });
    await q(`UPDATE customers SET address = '12 Pier Road', postal_code = '94133' WHERE id = $1`, [
      cat.customerId,
    ]);
    const assigned = await post(`/api/nine/rent-orders/${order.id}/deliveries`, assign);
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json().data.has_delivery).toBe(true);
    await post(`/api/nine/rent-orders/${order.id}/deliveries`, {
      type: 'pickup',
      scheduled_at: '2031-05-03T09:30:00Z',
      address: '7 Quay',
      zip_code: '94133',
      item_ids: [order.items[0].id],
    });
    const report = (
      await app.inject({ method: 'GET', url: '/api/nine/delivery-report?date=2031-05-02', headers })
    ).json().data;
    expect(report).toHaveLength(1);
    expect(report[0]).toMatchObject({
      no: 1,
      type: 'delivery',
      status: 'scheduled',
      order: { id: order.id },
      customer: 'Ada Lovelace',
      address: '12 Pier Road',
      zip_code: '94133',
      items: [{ name: 'Sea kayak' }, { name: 'Life jacket' }],
    });
    const out = await app.inject({
      method: 'PATCH',
      url: `/api/nine/deliveries/${report[0].id}`,
      headers,
      payload: { status: 'out' },
    });
    expect(out.json().data.status).toBe('out');
    const next = (
      await app.inject({
        method: 'GET',
        url: '/api/nine/delivery-report?date=2031-05-03&type=pickup',
        headers,
      })
    ).json().data;
    expect(next.map((r: { address: string }) => r.address)).toEqual(['7 Quay']);
  });
});
