import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { DEFAULT_DB_LIMITS } from '../src/db/pool.ts';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Cash needs an open register (issue #15, item 4): a cash payment, a cash refund and a deposit held or
 * returned in cash land in an open register session or are refused (1256); the drawer's expected cash is
 * exactly what went through it.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let bare: number;
let cat: CatalogueFixture;
let front: number;
let dock: number;
let boss: Record<string, string>;
let bossBare: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  tdb = await createTestDatabase('nine_template', DEFAULT_DB_LIMITS);
  loc = await createLocation(tdb.db, 'Drawer');
  bare = await createLocation(tdb.db, 'Kiosk');
  cat = await createCatalogue(tdb.db, loc, { items: 1, saleStock: 10_000 });
  await createCatalogue(tdb.db, bare, { items: 1, saleStock: 100 });
  await q(`INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', 825, true)`);
  await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true`);
  await q(`UPDATE access_policy SET refund_level1_minor = 100000, refund_level2_minor = 500000`);
  [front, dock] = (
    await q(
      `INSERT INTO cash_registers (location_id, name) VALUES ($1, 'Front'), ($1, 'Dock') RETURNING id`,
      [loc],
    )
  ).rows.map((r) => r.id as number) as [number, number];
  await q(`UPDATE general_settings SET current_cash_register = $1 WHERE location_id = $2`, [front, loc]);
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc, bare], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  const token = await login(app, 'boss@nine.test');
  boss = { authorization: `Bearer ${token}`, 'location-id': String(loc) };
  bossBare = { authorization: `Bearer ${token}`, 'location-id': String(bare) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object, headers = boss) =>
  app.inject({ method: 'POST', url, payload, headers });
const sale = async (quantity = 1, headers = boss) => {
  const product =
    headers === boss
      ? cat.saleProductId
      : (
          await q(
            `SELECT p.id FROM products p JOIN stock_levels s ON s.product_id = p.id WHERE s.location_id = $1 AND p.kind = 'sale'`,
            [bare],
          )
        ).rows[0].id;
  const res = await post('/api/nine/sale-orders', { items: [{ product_id: product, quantity }] }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total_minor: number };
};
const register = async (id: number) =>
  (await app.inject({ method: 'GET', url: '/api/nine/cash-registers', headers: boss }))
    .json()
    .data.find((r: { id: number }) => r.id === id);
const counts = async () =>
  (
    await q(
      `SELECT (SELECT count(*) FROM payments)::int AS payments, (SELECT count(*) FROM refunds)::int AS refunds,
              (SELECT count(*) FROM deposit_movements)::int AS deposits, (SELECT count(*) FROM ledger_entries)::int AS ledger,
              (SELECT count(*) FROM invoices)::int AS invoices`,
    )
  ).rows[0];

describe('cash needs an open register', () => {
  it('refuses cash while the counter’s register is closed (1256, named, in the clerk’s language) and writes nothing', async () => {
    const order = await sale();
    const before = await counts();
    const cash = await post('/api/nine/payments', { order_id: order.id, method: 'cash', amount_minor: 500 });
    expect(cash.statusCode).toBe(422);
    expect(cash.json()).toEqual({
      resp_code: 1256,
      resp_message: 'Open the cash register Front before taking cash.',
      data: { register_id: front, register_name: 'Front' },
    });
    const spanish = await post(
      '/api/nine/payments',
      { order_id: order.id, method: 'cash', amount_minor: 500 },
      { ...boss, 'accept-language': 'es-ES' },
    );
    expect(spanish.json().resp_message).toBe('Abra la caja Front antes de cobrar en efectivo.');
    expect(await counts()).toEqual(before);
    // A card does not go through the drawer.
    const card = await post('/api/nine/payments', { order_id: order.id, method: 'card', amount_minor: 500 });
    expect(card.statusCode).toBe(201);
  });

  it('without a current register, the one open register takes the cash; none or several open: refused, none named', async () => {
    await q(`UPDATE general_settings SET current_cash_register = NULL WHERE location_id = $1`, [loc]);
    try {
      const order = await sale(3);
      const cash = () =>
        post('/api/nine/payments', { order_id: order.id, method: 'cash', amount_minor: 100 });
      const none = await cash();
      expect(none.json()).toMatchObject({
        resp_code: 1256,
        resp_message: 'Open the cash register before taking cash.',
        data: { register_id: null, register_name: null },
      });
      expect((await post(`/api/nine/cash-registers/${dock}/open`, { float_minor: 0 })).statusCode).toBe(200);
      const landed = await cash();
      expect(landed.statusCode).toBe(201);
      expect(landed.json().data.register).toBe('Dock');
      expect((await post(`/api/nine/cash-registers/${front}/open`, { float_minor: 0 })).statusCode).toBe(200);
      expect((await cash()).json().data).toEqual({ register_id: null, register_name: null });
      for (const id of [front, dock]) {
        const state = await register(id);
        await post(`/api/nine/cash-registers/${id}/close`, { counted_minor: state.session.expected_minor });
      }
    } finally {
      await q(`UPDATE general_settings SET current_cash_register = $1 WHERE location_id = $2`, [front, loc]);
    }
  });

  it('with several registers (multi_register), cash goes into the counter’s own, which must be open', async () => {
    await q(`UPDATE general_settings SET multi_register = true WHERE location_id = $1`, [loc]);
    try {
      await post(`/api/nine/cash-registers/${front}/open`, { float_minor: 0 });
      const order = await sale();
      const atDock = await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 100,
        cash_register_id: dock,
      });
      expect(atDock.json()).toMatchObject({
        resp_code: 1256,
        data: { register_id: dock, register_name: 'Dock' },
      });
      const atFront = await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 100,
        cash_register_id: front,
      });
      expect(atFront.json().data.register).toBe('Front');
      await post(`/api/nine/cash-registers/${front}/close`, { counted_minor: 100 });
    } finally {
      await q(`UPDATE general_settings SET multi_register = false WHERE location_id = $1`, [loc]);
    }
  });

  it('refuses cash refunds and deposits held or returned in cash into a closed register; claims and cards go on', async () => {
    await post(`/api/nine/cash-registers/${front}/open`, { float_minor: 0 });
    const order = await sale(2);
    const payment = (
      await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: order.total_minor,
      })
    ).json().data;
    expect(
      (await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 5000 })).statusCode,
    ).toBe(201);
    const state = await register(front);
    expect(state.session.expected_minor).toBe(order.total_minor + 5000);
    await post(`/api/nine/cash-registers/${front}/close`, { counted_minor: state.session.expected_minor });

    const before = await counts();
    const refund = await post(`/api/nine/payments/${payment.id}/refunds`, { amount_minor: 100, reason: 'x' });
    expect(refund.json()).toMatchObject({ resp_code: 1256, data: { register_id: front } });
    for (const kind of ['held', 'returned']) {
      const res = await post(`/api/nine/orders/${order.id}/deposits`, { kind, amount_minor: 1000 });
      expect(res.json().resp_code, kind).toBe(1256);
    }
    expect(await counts()).toEqual(before);
    // A claim keeps the cash where it is; a deposit given back by card does not touch the drawer.
    expect(
      (
        await post(`/api/nine/orders/${order.id}/deposits`, {
          kind: 'claimed',
          amount_minor: 1000,
          reason: 'dent',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await post(`/api/nine/orders/${order.id}/deposits`, {
          kind: 'returned',
          method: 'card',
          amount_minor: 4000,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('a location without any cash register keeps taking cash: there is no drawer to count', async () => {
    const order = await sale(1, bossBare);
    const cash = await post(
      '/api/nine/payments',
      { order_id: order.id, method: 'cash', amount_minor: order.total_minor },
      bossBare,
    );
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.register).toBeNull();
  });
});

describe('the drawer adds up', () => {
  it('expects float + cash kept − cash refunds + deposits held − deposits returned + cash in − cash out, and closes with no difference', async () => {
    expect((await post(`/api/nine/cash-registers/${front}/open`, { float_minor: 10000 })).statusCode).toBe(
      200,
    );
    const session = (await register(front)).session.id as number;
    const order = await sale(2); // 2 × 12.00 + 8.25 % = 25.98
    expect(order.total_minor).toBe(2598);
    // 30.00 handed over, 4.02 given back: the drawer keeps 25.98.
    const payment = (
      await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 2598,
        tendered_minor: 3000,
      })
    ).json().data;
    expect(payment).toMatchObject({ change_minor: 402, register: 'Front' });
    await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 20000 });
    await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'returned', amount_minor: 20000 });
    await post(`/api/nine/payments/${payment.id}/refunds`, { amount_minor: 500, reason: 'Bent bottle cap' });
    await post(`/api/nine/cash-registers/${front}/movements`, {
      kind: 'cash_in',
      amount_minor: 1000,
      reason: 'coins',
    });
    await post(`/api/nine/cash-registers/${front}/movements`, {
      kind: 'cash_out',
      amount_minor: 2000,
      reason: 'bank',
    });
    const state = await register(front);
    expect(state.session).toMatchObject({
      float_minor: 10000,
      cash_sales_minor: 2598,
      cash_refunds_minor: 500,
      cash_deposits_held_minor: 20000,
      cash_deposits_returned_minor: 20000,
      cash_in_minor: 1000,
      cash_out_minor: 2000,
      expected_minor: 10000 + 2598 - 500 + 20000 - 20000 + 1000 - 2000,
    });
    // The ledger's cash account moved by exactly what the drawer expects beyond its float.
    const ledgerCash = (
      await q(
        `SELECT coalesce(sum(e.amount_minor), 0)::int AS s FROM ledger_entries e
         WHERE e.gl_code = '1000' AND (
           e.payment_id IN (SELECT id FROM payments WHERE register_session_id = $1) AND e.refund_id IS NULL
           OR e.refund_id IN (SELECT id FROM refunds WHERE register_session_id = $1)
           OR e.deposit_movement_id IN (SELECT id FROM deposit_movements WHERE register_session_id = $1)
           OR e.register_movement_id IN (SELECT id FROM register_movements WHERE register_session_id = $1))`,
        [session],
      )
    ).rows[0].s;
    expect(ledgerCash).toBe(state.session.expected_minor - 10000);
    const closed = (await post(`/api/nine/cash-registers/${front}/close`, { counted_minor: 11098 })).json()
      .data;
    expect(closed.outcome).toEqual({ expected_minor: 11098, counted_minor: 11098, difference_minor: 0 });
    expect(
      (await q(`SELECT difference_minor::int AS d FROM register_sessions WHERE id = $1`, [session])).rows[0]
        .d,
    ).toBe(0);
  });

  it('cash taken while the register closes is counted in that close or refused, never lost between them', async () => {
    await post(`/api/nine/cash-registers/${front}/open`, { float_minor: 5000 });
    const session = (await register(front)).session.id as number;
    const orders = await Promise.all(Array.from({ length: 20 }, () => sale()));
    const payments = orders.map((o) =>
      post('/api/nine/payments', { order_id: o.id, method: 'cash', amount_minor: o.total_minor }),
    );
    const closing = post(`/api/nine/cash-registers/${front}/close`, { counted_minor: 0 });
    const results = await Promise.all(payments);
    expect((await closing).statusCode).toBe(200);
    for (const r of results) expect([201, 422], r.body).toContain(r.statusCode);
    expect(results.filter((r) => r.statusCode === 422).every((r) => r.json().resp_code === 1256)).toBe(true);
    const row = (
      await q(
        `SELECT s.expected_minor::int AS expected, s.float_minor::int AS float,
                (SELECT coalesce(sum(amount_minor), 0) FROM payments p WHERE p.register_session_id = s.id)::int AS taken,
                (SELECT count(*) FROM payments p WHERE p.register_session_id = s.id)::int AS n
         FROM register_sessions s WHERE s.id = $1`,
        [session],
      )
    ).rows[0];
    expect(row.expected).toBe(row.float + row.taken);
    expect(row.n).toBe(results.filter((r) => r.statusCode === 201).length);
    const broken = (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0);
    expect(broken).toEqual([]);
  });
});
