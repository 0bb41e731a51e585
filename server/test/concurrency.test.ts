import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { DEFAULT_DB_LIMITS } from '../src/db/pool.ts';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { MAX_AMOUNT_MINOR, MAX_TOTAL_MINOR } from '@nine/shared/money';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Bursts of parallel requests against the real app on real PostgreSQL with the production pool size: a
 * double-clicked button, a second tab, a busy shop. After each burst the server still answers, nothing
 * answered 5xx and the integrity rules hold.
 */
const PARALLEL = 50;

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let boss: Record<string, string>;
let clerk: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  tdb = await createTestDatabase('nine_template', DEFAULT_DB_LIMITS);
  loc = await createLocation(tdb.db, 'Rush');
  cat = await createCatalogue(tdb.db, loc, { items: 2, saleStock: 100_000, bulkStock: 1000 });
  await q(`INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', 825, true)`);
  await q(`UPDATE access_policy SET refund_level1_minor = 10000, refund_level2_minor = 50000`);
  await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1`, [loc]);
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'sell_order', action: 'manage' },
      { resource: 'rent_order', action: 'manage' },
      { resource: 'financial_transaction', action: 'change' },
      { resource: 'financial_transaction', action: 'refund' },
    ],
  });
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'boss@nine.test'`, [
    await hashPassword('9999'),
  ]);
  ({ app } = await createTestApp(tdb.db));
  boss = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
  clerk = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, headers = boss) =>
  app.inject({ method, url, payload, headers });

/** Fires `PARALLEL` copies at once; returns the status codes, refusing any 5xx outright. */
async function burst(make: (i: number) => ReturnType<typeof send>): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => make(i)));
  const failed = responses.filter((r) => r.statusCode >= 500);
  expect(failed.map((r) => r.body)).toEqual([]);
  return responses.map((r) => r.statusCode);
}
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

async function stillAnswers() {
  const res = await send('POST', '/api/nine/partners', {
    name: `After ${Date.now()}`,
    commission_rate_bp: 500,
  });
  expect(res.statusCode).toBe(201);
  const list = await app.inject({ method: 'GET', url: '/api/nine/roles', headers: boss });
  expect(list.statusCode).toBe(200);
}

async function expectIntegrity() {
  const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
  expect(broken).toEqual([]);
}

const sale = async (quantity = 1) =>
  (
    await send(
      'POST',
      '/api/nine/sale-orders',
      { items: [{ product_id: cat.saleProductId, quantity }] },
      clerk,
    )
  ).json().data as { id: number; total_minor: number };

describe('unique rules under a burst of the same create', () => {
  it('one role of a title, the rest 409, and the server still answers (no pool deadlock)', async () => {
    const codes = await burst(() =>
      send('POST', '/api/nine/roles', {
        title: 'Weekend crew',
        permissions: [{ resource: 'rent_order', action: 'view' }],
      }),
    );
    expect(count(codes, 201)).toBe(1);
    expect(count(codes, 409)).toBe(PARALLEL - 1);
    expect((await q(`SELECT count(*)::int AS n FROM roles WHERE title = 'Weekend crew'`)).rows[0].n).toBe(1);
    await stillAnswers();
  });

  it('saving one role from many tabs at once ends with one consistent set of permissions', async () => {
    const role = (await send('POST', '/api/nine/roles', { title: 'Tabs', permissions: [] })).json().data as {
      id: number;
    };
    const codes = await burst((i) =>
      send('PUT', `/api/nine/roles/${role.id}`, {
        title: 'Tabs',
        permissions: [{ resource: i % 2 ? 'rent_order' : 'sell_order', action: 'view' }],
      }),
    );
    expect(codes.every((c) => c === 200 || c === 503)).toBe(true);
    expect(count(codes, 200)).toBeGreaterThan(0);
    const { rows } = await q('SELECT resource FROM role_permissions WHERE role_id = $1', [role.id]);
    expect(rows).toHaveLength(1);
    await stillAnswers();
  });

  it('one user of an e-mail, with a role given inside the same transaction', async () => {
    const roleId = (await q(`SELECT id FROM roles WHERE title = 'Weekend crew'`)).rows[0].id as number;
    const codes = await burst((i) =>
      send('POST', '/api/nine/users', {
        name: `Twin ${i}`,
        email: 'twin@nine.test',
        password: 'Secret-pass-1',
        roles: [{ role_id: roleId, location_id: loc }],
      }),
    );
    expect(count(codes, 201)).toBe(1);
    expect(count(codes, 409)).toBe(PARALLEL - 1);
    await stillAnswers();
  });

  it('one category of a name under one parent, at the top level too', async () => {
    const parent = (await send('POST', '/api/nine/categories', { name: 'Boats' })).json().data as {
      id: number;
    };
    for (const parent_id of [null, parent.id]) {
      const codes = await burst(() => send('POST', '/api/nine/categories', { name: 'Canoes', parent_id }));
      expect(count(codes, 201)).toBe(1);
      expect(count(codes, 409)).toBe(PARALLEL - 1);
    }
    const { rows } = await q(`SELECT count(*)::int AS n FROM categories WHERE name = 'Canoes'`);
    expect(rows[0].n).toBe(2);
  });

  it('one coupon of a code, and one product of a SKU', async () => {
    const partner = (
      await send('POST', '/api/nine/partners', { name: 'Hotel Mar', commission_rate_bp: 500 })
    ).json().data as {
      id: number;
    };
    const coupons = await burst(() =>
      send('POST', `/api/nine/partners/${partner.id}/coupons`, {
        code: 'SUMMER10',
        title: 'Summer',
        discount_kind: 'percent',
        discount_value: 1000,
        valid_from: '2026-06-01',
      }),
    );
    expect(count(coupons, 201)).toBe(1);
    expect(count(coupons, 409)).toBe(PARALLEL - 1);
    const products = await burst((i) =>
      send('POST', '/api/nine/inventory/products', {
        kind: 'sale',
        // Upper and lower case: a code is one code to a scanner.
        sku: i % 2 ? 'RUSH-1' : 'rush-1',
        name: `Rush ${i}`,
        is_serialized: false,
        price_minor: 100,
      }),
    );
    expect(count(products, 201)).toBe(1);
    expect(count(products, 409)).toBe(PARALLEL - 1);
    await stillAnswers();
  });
});

describe('money rules under a burst', () => {
  it('50 whole-balance payments without a key take the balance once', async () => {
    const order = await sale(3);
    const codes = await burst(() =>
      send(
        'POST',
        '/api/nine/payments',
        { order_id: order.id, method: 'card', amount_minor: order.total_minor, reference: '4242' },
        clerk,
      ),
    );
    expect(count(codes, 201)).toBe(1);
    const { rows } = await q('SELECT sum(amount_minor)::bigint AS paid FROM payments WHERE order_id = $1', [
      order.id,
    ]);
    expect(rows[0].paid).toBe(order.total_minor);
    await expectIntegrity();
  });

  it('50 full refunds of one payment refund it once', async () => {
    const order = await sale(2);
    const payment = (
      await send(
        'POST',
        '/api/nine/payments',
        { order_id: order.id, method: 'cash', amount_minor: order.total_minor },
        clerk,
      )
    ).json().data as { id: number };
    const codes = await burst(() =>
      send(
        'POST',
        `/api/nine/payments/${payment.id}/refunds`,
        { amount_minor: order.total_minor, reason: 'Returned' },
        clerk,
      ),
    );
    expect(count(codes, 201)).toBe(1);
    const { rows } = await q('SELECT sum(amount_minor)::bigint AS r FROM refunds WHERE payment_id = $1', [
      payment.id,
    ]);
    expect(rows[0].r).toBe(order.total_minor);
    await expectIntegrity();
  });

  it('L1 bounds what is refunded on an order in total: split refunds need the key all the same', async () => {
    // 100.00 at L1; the order is 800.00.
    const order = await sale(Math.ceil(80_000 / 1299));
    const payment = (
      await send(
        'POST',
        '/api/nine/payments',
        { order_id: order.id, method: 'cash', amount_minor: order.total_minor },
        clerk,
      )
    ).json().data as { id: number };
    const refund = (amount_minor: number, more: object = {}) =>
      send(
        'POST',
        `/api/nine/payments/${payment.id}/refunds`,
        { amount_minor, reason: 'Split', ...more },
        clerk,
      );
    expect((await refund(10_000)).statusCode).toBe(201);
    const second = await refund(10_000);
    expect(second.statusCode).toBe(403);
    expect(second.json().resp_code).toBe(1206);
    expect((await refund(10_000, { access_key: '9999' })).statusCode).toBe(201);
    // Parallel small refunds cannot split past L1 either: with L1 at 300.00, 200.00 more goes through.
    await q(`UPDATE access_policy SET refund_level1_minor = 30000`);
    try {
      const codes = await burst(() => refund(1_000));
      expect(count(codes, 201)).toBe(20);
      expect(count(codes, 403)).toBe(PARALLEL - 20);
    } finally {
      await q(`UPDATE access_policy SET refund_level1_minor = 10000`);
    }
    const { rows } = await q(
      'SELECT sum(amount_minor) FILTER (WHERE approval_level = 0)::bigint AS unapproved FROM refunds WHERE payment_id = $1',
      [payment.id],
    );
    expect(rows[0].unapproved).toBe(30_000);
    await expectIntegrity();
  });

  it('50 returns of the whole deposit return it once', async () => {
    const order = await sale(1);
    expect(
      (
        await send(
          'POST',
          `/api/nine/orders/${order.id}/deposits`,
          { kind: 'held', amount_minor: 20_000 },
          clerk,
        )
      ).statusCode,
    ).toBe(201);
    const codes = await burst(() =>
      send(
        'POST',
        `/api/nine/orders/${order.id}/deposits`,
        { kind: 'returned', amount_minor: 20_000 },
        clerk,
      ),
    );
    expect(count(codes, 201)).toBe(1);
    await expectIntegrity();
  });

  it('big numbers are refused with catalogue errors, never 500', async () => {
    const order = await sale(1);
    const huge = await send(
      'POST',
      `/api/nine/orders/${order.id}/deposits`,
      { kind: 'held', amount_minor: 2 ** 53 },
      clerk,
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().resp_code).toBe(1001);
    // Amounts within the bound whose total would pass MAX_TOTAL_MINOR.
    await q(
      `INSERT INTO deposit_movements (order_id, kind, method, amount_minor, created_by)
       SELECT $1, 'held', 'cash', $2, (SELECT id FROM users WHERE email = 'clerk@nine.test')`,
      [order.id, MAX_TOTAL_MINOR],
    );
    const over = await send(
      'POST',
      `/api/nine/orders/${order.id}/deposits`,
      { kind: 'held', amount_minor: MAX_AMOUNT_MINOR },
      clerk,
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().resp_code).toBe(1027);
    await q(`DELETE FROM deposit_movements WHERE order_id = $1`, [order.id]);
    const badLocation = await app.inject({
      method: 'GET',
      url: '/api/nine/roles',
      headers: { ...boss, 'location-id': '99999999999' },
    });
    expect(badLocation.statusCode).toBe(400);
  });
});
