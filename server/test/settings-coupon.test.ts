import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { CouponSettings, OrderCoupons } from '@nine/shared/schemas/coupon-settings';
import { couponDiscount, spreadDiscount } from '../src/modules/orders/order-coupons.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** Coupon settings (issue #18): the business-wide row, the code format on coupons, and coupons on orders. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let partnerId: number;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Harbour');
  await q(`UPDATE locations SET time_zone = 'Pacific/Auckland' WHERE id = $1`, [loc]);
  // No taxes: the totals are the nets, so every amount below is exact.
  await q('UPDATE taxes SET is_active = false');
  cat = await createCatalogue(tdb.db, loc, { items: 4, saleStock: 500 });
  await createUser(tdb.db, { email: 'cpn-admin@nine.test', locations: [loc], grants: everything });
  await createUser(tdb.db, {
    email: 'cpn-clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'coupon', action: 'view' },
      { resource: 'sell_order', action: 'change' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  admin = { authorization: `Bearer ${await login(app, 'cpn-admin@nine.test')}`, 'location-id': String(loc) };
  clerk = { authorization: `Bearer ${await login(app, 'cpn-clerk@nine.test')}`, 'location-id': String(loc) };
  const partner = await call('POST', '/api/nine/partners', {
    name: 'Surf Club',
    commission_rate_bp: 500,
    rates: [],
  });
  expect(partner.statusCode).toBe(201);
  partnerId = partner.json().data.id;
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = admin,
) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const resCode = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;

const settings = async () =>
  (await call('GET', '/api/nine/coupon-settings')).json<{ data: CouponSettings }>().data;
async function save(changes: Partial<CouponSettings>) {
  const { updated_at: _at, ...current } = await settings();
  const res = await call('PUT', '/api/nine/coupon-settings', { ...current, ...changes });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: CouponSettings }>().data;
}

let couponSeq = 0;
async function coupon(body: Record<string, unknown> = {}) {
  const res = await call('POST', `/api/nine/partners/${partnerId}/coupons`, {
    code: `TEST${++couponSeq}`,
    title: 'Test coupon',
    discount_kind: 'percent',
    discount_value: 1000,
    valid_from: '2020-01-01',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; code: string; valid_to: string | null } }>().data;
}

/** A sale of `quantity` water bottles (1200 each): no deposit, no period. */
async function sale(quantity = 2) {
  const res = await call('POST', '/api/nine/sale-orders', {
    customer_id: cat.customerId,
    items: [{ product_id: cat.saleProductId, quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; total_minor: number; items: { id: number }[] } }>().data;
}

let keySeq = 0;
const apply = (orderId: number, code: string, headers = admin, key = `cpn-${++keySeq}`) =>
  call('POST', `/api/nine/orders/${orderId}/coupons`, { code }, { ...headers, 'idempotency-key': key });

describe('coupon settings', () => {
  it('reads the defaults, saves a change (audited) and refuses a stale version with 409', async () => {
    const before = await settings();
    expect(before).toMatchObject({ code_prefix: '', code_min_length: 3, code_max_length: 32, version: 1 });
    const saved = await save({ default_validity_days: 30, stack_coupons: true, max_coupons_per_order: 2 });
    expect(saved).toMatchObject({ default_validity_days: 30, stack_coupons: true, version: 2 });
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = 'coupon_settings:1' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0].data).toMatchObject({
      old: { default_validity_days: null },
      new: { default_validity_days: 30 },
    });

    const { updated_at: _at, ...stale } = before;
    const res = await call('PUT', '/api/nine/coupon-settings', { ...stale, stack_coupons: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ version: 2 });
    expect((await settings()).stack_coupons).toBe(true);
  });

  it('refuses a maximum below the minimum (400) and needs coupon change (403)', async () => {
    const { updated_at: _at, ...current } = await settings();
    const bad = await call('PUT', '/api/nine/coupon-settings', {
      ...current,
      code_min_length: 10,
      code_max_length: 5,
    });
    expect(bad.statusCode).toBe(400);
    const res = await call('PUT', '/api/nine/coupon-settings', current, clerk);
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/api/nine/coupon-settings', undefined, clerk)).statusCode).toBe(200);
  });

  it('enforces the code format on create and on rename (1680), and fills the default end date', async () => {
    await save({ code_prefix: 'NINE', code_min_length: 6, code_max_length: 10, code_charset: 'digits' });
    const wrong = await call('POST', `/api/nine/partners/${partnerId}/coupons`, {
      code: 'SUMMER',
      title: 'Summer',
      discount_kind: 'percent',
      discount_value: 1000,
      valid_from: '2026-06-01',
    });
    expect(wrong.statusCode).toBe(422);
    expect(resCode(wrong)).toBe(1680);
    expect(wrong.json().data).toMatchObject({ prefix: 'NINE', min: 6, max: 10, charset: 'digits' });
    const tooLong = await call('POST', `/api/nine/partners/${partnerId}/coupons`, {
      code: 'NINE1234567',
      title: 'Long',
      discount_kind: 'percent',
      discount_value: 1000,
      valid_from: '2026-06-01',
    });
    expect(resCode(tooLong)).toBe(1680);

    const made = await coupon({ code: 'NINE2026', valid_from: '2026-06-01' });
    // 30 days of default validity, the first day included: the last day is 2026-06-30.
    expect(made.valid_to).toBe('2026-06-30');
    const explicit = await coupon({ code: 'NINE2027', valid_from: '2026-06-01', valid_to: '2026-06-10' });
    expect(explicit.valid_to).toBe('2026-06-10');

    // An old code outside the format may be edited as long as it keeps its code; a rename must fit.
    await q(
      `INSERT INTO coupons (partner_id, code, title, discount_kind, discount_value, valid_from) VALUES ($1, 'OLDCODE', 'Old', 'amount', 100, '2020-01-01')`,
      [partnerId],
    );
    const old = (await q(`SELECT id, version FROM coupons WHERE code = 'OLDCODE'`)).rows[0];
    const body = {
      title: 'Old, renamed',
      discount_kind: 'amount',
      discount_value: 100,
      valid_from: '2020-01-01',
      version: old.version,
    };
    expect((await call('PUT', `/api/nine/coupons/${old.id}`, { ...body, code: 'OLDCODE' })).statusCode).toBe(
      200,
    );
    const renamed = await call('PUT', `/api/nine/coupons/${old.id}`, {
      ...body,
      version: old.version + 1,
      code: 'NEWCODE',
    });
    expect(resCode(renamed)).toBe(1680);

    await save({
      code_prefix: '',
      code_min_length: 3,
      code_max_length: 32,
      code_charset: 'any',
      default_validity_days: null,
    });
  });
});

describe('coupons on orders', () => {
  it('computes percent half up and caps an amount; spreads exactly without passing a line', () => {
    expect(couponDiscount('percent', 1250, 999)).toBe(125);
    expect(couponDiscount('amount', 5000, 1200)).toBe(1200);
    expect(spreadDiscount(100, [300, 300, 400])).toEqual([30, 30, 40]);
    expect(spreadDiscount(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spreadDiscount(299, [100, 100, 100]).every((s) => s <= 100)).toBe(true);
  });

  it('applies a percent coupon: the order total, the quote and the invoice carry it; remove takes it back', async () => {
    const order = await sale(2);
    expect(order.total_minor).toBe(2400);
    const c = await coupon({ discount_value: 1000, applies_to: 'sale' });
    const res = await apply(order.id, c.code.toLowerCase());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ data: OrderCoupons }>().data;
    expect(body).toMatchObject({ total_minor: 2160, discount_minor: 240 });
    expect(body.coupons).toEqual([
      expect.objectContaining({ coupon_id: c.id, code: c.code, discount_minor: 240 }),
    ]);

    const view = (await call('GET', `/api/nine/sale-orders/${order.id}`)).json().data;
    expect(view.total_minor).toBe(2160);
    expect(view.items[0].discount_minor).toBe(240);
    expect(view.price_breakdown).toMatchObject({ discount_minor: 240, total_minor: 2160 });

    const removed = await call('DELETE', `/api/nine/orders/${order.id}/coupons/${c.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ total_minor: 2400, discount_minor: 0, coupons: [] });
    expect((await apply(order.id, c.code)).statusCode).toBe(201);

    const invoiced = await call(
      'POST',
      `/api/nine/orders/${order.id}/invoice`,
      {},
      { ...admin, 'idempotency-key': `inv-${order.id}` },
    );
    expect(invoiced.statusCode).toBe(201);
    const invoice = (await call('GET', `/api/nine/invoices/${invoiced.json().data.invoice_id}`)).json().data;
    expect(invoice).toMatchObject({ discount_minor: 240, total_minor: 2160 });

    // Invoiced: the price is settled, coupons no longer change.
    const again = await call('DELETE', `/api/nine/orders/${order.id}/coupons/${c.id}`);
    expect(again.statusCode).toBe(409);
    expect(resCode(again)).toBe(1686);
    const timeline = await q(
      `SELECT action FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action LIKE 'coupon_%' ORDER BY id`,
      [String(order.id)],
    );
    expect(timeline.rows.map((r) => r.action)).toEqual([
      'coupon_applied',
      'coupon_removed',
      'coupon_applied',
    ]);
  });

  it('caps an amount coupon at the net, and keeps a used coupon', async () => {
    const order = await sale(1);
    const c = await coupon({ discount_kind: 'amount', discount_value: 5000 });
    const res = await apply(order.id, c.code);
    expect(res.json().data).toMatchObject({ total_minor: 0, discount_minor: 1200 });
    // Used on an order: kept for the reports, deleting it is refused.
    const gone = await call('DELETE', `/api/nine/coupons/${c.id}`);
    expect(gone.statusCode, gone.body).toBe(409);
    expect(resCode(gone)).toBe(1689);
  });

  it('refuses the wrong kind, an expired, inactive or unknown coupon (422)', async () => {
    const order = await sale(1);
    const rentOnly = await coupon({ applies_to: 'rent' });
    const wrongKind = await apply(order.id, rentOnly.code);
    expect(wrongKind.statusCode).toBe(422);
    expect(resCode(wrongKind)).toBe(1683);

    const expired = await coupon({ valid_from: '2020-01-01', valid_to: '2020-12-31' });
    const late = await apply(order.id, expired.code);
    expect(late.statusCode).toBe(422);
    expect(resCode(late)).toBe(1682);
    expect(late.json().data).toEqual({ reason: 'ended' });

    const off = await coupon({ is_active: false });
    expect(resCode(await apply(order.id, off.code))).toBe(1682);
    expect(resCode(await apply(order.id, 'NOSUCHCODE'))).toBe(1681);
  });

  it('starts on the day of the location, not of the server', async () => {
    // Auckland is ahead of UTC: its today is the UTC date or the next one.
    const { rows } = await q(`SELECT (now() AT TIME ZONE 'Pacific/Auckland')::date::text AS today`);
    const starts = await coupon({ valid_from: rows[0].today, valid_to: rows[0].today });
    const order = await sale(1);
    expect((await apply(order.id, starts.code)).statusCode).toBe(201);
  });

  it('follows the stacking settings: one coupon when off, up to the maximum when on, and manual discounts', async () => {
    const [a, b, c] = [await coupon(), await coupon(), await coupon()];
    await save({ stack_coupons: false });
    const order = await sale(2);
    expect((await apply(order.id, a.code)).statusCode).toBe(201);
    const refused = await apply(order.id, b.code);
    expect(refused.statusCode).toBe(422);
    expect(resCode(refused)).toBe(1684);
    expect(refused.json().data).toEqual({ reason: 'no_stacking' });

    await save({ stack_coupons: true, max_coupons_per_order: 2 });
    const second = await apply(order.id, b.code);
    // 10 % of 2400, then 10 % of the 2160 left.
    expect(second.json().data).toMatchObject({ discount_minor: 240 + 216, total_minor: 2400 - 456 });
    const third = await apply(order.id, c.code);
    expect(third.json().data).toEqual({ reason: 'max_reached', max: 2 });

    // A manual line discount blocks a coupon when stacking with discounts is off.
    await save({ stack_with_discounts: false });
    const manual = await sale(1);
    const line = manual.items[0]!.id;
    const version = (await call('GET', `/api/nine/sale-orders/${manual.id}`)).json().data.version;
    expect(
      (
        await call('PATCH', `/api/nine/sale-orders/${manual.id}/items/${line}`, {
          version,
          discount_minor: 100,
        })
      ).statusCode,
    ).toBe(200);
    const blocked = await apply(manual.id, a.code);
    expect(resCode(blocked)).toBe(1685);
    // A coupon's own share is not a manual discount: the stacked order above takes no manual check.
    await save({ stack_with_discounts: true, stack_coupons: false, max_coupons_per_order: 1 });
    expect((await apply(manual.id, a.code)).statusCode).toBe(201);
  });

  it('needs the order kind’s change right at the order’s location', async () => {
    const order = await sale(1);
    const c = await coupon();
    const rent = await call('POST', '/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2030-05-02T09:00:00Z',
      planned_finish: '2030-05-04T09:00:00Z',
      items: [{ item_id: cat.itemIds[0] }],
    });
    expect(rent.statusCode).toBe(201);
    // The clerk changes sales only.
    expect((await apply(rent.json().data.id, c.code, clerk)).statusCode).toBe(403);
    expect((await apply(order.id, c.code, clerk)).statusCode).toBe(201);
    expect((await call('GET', `/api/nine/orders/${order.id}/coupons`, undefined, clerk)).statusCode).toBe(
      403,
    );
  });

  it('two parallel applies of one coupon: one wins, the other is refused (409); a replay answers the same', async () => {
    const order = await sale(3);
    const c = await coupon({ discount_kind: 'amount', discount_value: 500 });
    const [x, y] = await Promise.all([apply(order.id, c.code), apply(order.id, c.code)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    expect(resCode(x.statusCode === 409 ? x : y)).toBe(1687);
    const { rows } = await q(
      'SELECT count(*)::int AS n, sum(discount_minor)::int AS d FROM order_coupons WHERE order_id = $1',
      [order.id],
    );
    expect(rows[0]).toEqual({ n: 1, d: 500 });
    const total = (
      await q('SELECT sum(discount_minor)::int AS d FROM order_items WHERE order_id = $1', [order.id])
    ).rows[0].d;
    expect(total).toBe(500);

    const other = await sale(1);
    const first = await apply(other.id, c.code, admin, 'same-key');
    const replay = await apply(other.id, c.code, admin, 'same-key');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
  });

  it('refuses a closed order (409)', async () => {
    const order = await sale(1);
    await q(`UPDATE orders SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [order.id]);
    const c = await coupon();
    const res = await apply(order.id, c.code);
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toMatchObject({ reason: 'status' });
  });
});

describe('coupons and other line edits', () => {
  const version = async (kind: 'sale' | 'rent', id: number) =>
    (await call('GET', `/api/nine/${kind}-orders/${id}`)).json().data.version as number;
  const shares = async (orderId: number) =>
    (await q('SELECT discount_minor::int AS d FROM order_coupons WHERE order_id = $1', [orderId])).rows[0].d;

  it('refuses a discount edit or a cost change on a line carrying a coupon (409) until it is removed', async () => {
    const order = await sale(2);
    const line = order.items[0]!.id;
    const c = await coupon({ discount_value: 1000 });
    expect((await apply(order.id, c.code)).statusCode).toBe(201);

    const edit = await call('PATCH', `/api/nine/sale-orders/${order.id}/items/${line}`, {
      version: await version('sale', order.id),
      discount_minor: 0,
    });
    expect(edit.statusCode).toBe(409);
    expect(resCode(edit)).toBe(1686);
    expect(edit.json().data).toEqual({ reason: 'coupon_on_line', codes: [c.code] });
    const cost = await call('POST', `/api/nine/sale-orders/${order.id}/change-cost`, {
      version: await version('sale', order.id),
      order_item_id: line,
      unit_price_minor: 100,
      comment: 'cheaper',
    });
    expect(cost.statusCode).toBe(409);
    expect(cost.json().data).toMatchObject({ reason: 'coupon_on_line' });
    const kept = (await call('GET', `/api/nine/sale-orders/${order.id}`)).json().data;
    expect(kept).toMatchObject({ total_minor: 2160 });
    expect(kept.items[0]).toMatchObject({ unit_price_minor: 1200, discount_minor: 240 });

    // Removed, the line is free again.
    expect((await call('DELETE', `/api/nine/orders/${order.id}/coupons/${c.id}`)).statusCode).toBe(200);
    const freed = await call('PATCH', `/api/nine/sale-orders/${order.id}/items/${line}`, {
      version: await version('sale', order.id),
      discount_minor: 100,
    });
    expect(freed.statusCode, freed.body).toBe(200);
  });

  it('refuses a unit price that would leave the line below its discount', async () => {
    const order = await sale(2);
    const line = order.items[0]!.id;
    const patched = await call('PATCH', `/api/nine/sale-orders/${order.id}/items/${line}`, {
      version: await version('sale', order.id),
      discount_minor: 1000,
    });
    expect(patched.statusCode).toBe(200);
    const cost = (unit: number) =>
      version('sale', order.id).then((v) =>
        call('POST', `/api/nine/sale-orders/${order.id}/change-cost`, {
          version: v,
          order_item_id: line,
          unit_price_minor: unit,
          comment: 'cheaper',
        }),
      );
    const below = await cost(499);
    expect(below.statusCode).toBe(400);
    expect(below.json().data).toEqual({ issues: [{ path: 'unit_price_minor', code: 'below_discount' }] });
    const exact = await cost(500);
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data.total_minor).toBe(0);
  });

  it('applies a tour coupon to a tour order (a rent order of the Tours rental type) only', async () => {
    await q(`INSERT INTO rental_types (id, name) VALUES (2, 'Tours') ON CONFLICT (id) DO NOTHING`);
    const made = await call('POST', '/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2030-06-02T09:00:00Z',
      planned_finish: '2030-06-04T09:00:00Z',
      items: [{ item_id: cat.itemIds[1] }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const rentId = made.json().data.id;
    const tourOnly = await coupon({ applies_to: 'tour' });
    const rentOnly = await coupon({ applies_to: 'rent' });
    expect(resCode(await apply(rentId, tourOnly.code))).toBe(1683);

    await q('UPDATE orders SET rental_type_id = 2 WHERE id = $1', [rentId]);
    expect(resCode(await apply(rentId, rentOnly.code))).toBe(1683);
    const applied = await apply(rentId, tourOnly.code);
    expect(applied.statusCode, applied.body).toBe(201);
    expect(resCode(await apply((await sale(1)).id, tourOnly.code))).toBe(1683);
  });

  it('cancelling a line leaves the coupon counting only its live lines', async () => {
    const made = await call('POST', '/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2030-07-02T09:00:00Z',
      planned_finish: '2030-07-04T09:00:00Z',
      items: [{ item_id: cat.itemIds[2] }, { item_id: cat.itemIds[3] }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const order = made.json().data as { id: number; items: { id: number }[] };
    const c = await coupon({ discount_kind: 'amount', discount_value: 100 });
    expect((await apply(order.id, c.code)).statusCode).toBe(201);
    expect(await shares(order.id)).toBe(100);
    const { rows: lineShares } = await q(
      `SELECT s.order_item_id::int AS id, s.discount_minor::int AS d FROM order_coupon_lines s
       JOIN order_coupons oc ON oc.id = s.order_coupon_id WHERE oc.order_id = $1 ORDER BY s.order_item_id`,
      [order.id],
    );
    const cancelled = lineShares[0]!;
    const res = await call('POST', `/api/nine/rent-orders/${order.id}/events`, {
      type: 'CANCEL_ITEMS',
      version: await version('rent', order.id),
      item_ids: [cancelled.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shares(order.id)).toBe(100 - cancelled.d);
  });
});
