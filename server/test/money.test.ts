import fc from 'fast-check';
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
let clerk: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Till');
  cat = await createCatalogue(tdb.db, loc, { items: 2, saleStock: 1000, bulkStock: 1000 });
  await q(`INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', 825, true)`);
  await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1`, [loc]);
  await q(`UPDATE access_policy SET refund_level1_minor = 1000, refund_level2_minor = 5000`);
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
  await createUser(tdb.db, {
    email: 'lead@nine.test',
    locations: [loc],
    grants: [{ resource: 'financial_transaction', action: 'refund' }],
  });
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'lead@nine.test'`, [
    await hashPassword('1111'),
  ]);
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'boss@nine.test'`, [
    await hashPassword('9999'),
  ]);
  ({ app } = await createTestApp(tdb.db));
  clerk = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object, more: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers: { ...clerk, ...more } });
const sale = async (quantity = 1) =>
  (await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity }] })).json().data;
const unbalancedTxns = async () =>
  (
    await q(
      `SELECT count(*)::int AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_minor) <> 0) t`,
    )
  ).rows[0].n;

describe('payments', () => {
  it('pays an order part in cash and part by card, invoicing it with the tax rule and balanced ledger rows', async () => {
    const order = await sale(2); // 2 × 1200 = 2400 + 8.25 % = 2598
    expect(order.total_minor).toBe(2598);
    const cash = await post('/api/nine/payments', {
      order_id: order.id,
      method: 'cash',
      amount_minor: 1000,
      tendered_minor: 2000,
    });
    expect(cash.statusCode).toBe(201);
    expect(cash.json().data).toMatchObject({
      change_minor: 1000,
      order_paid_minor: 1000,
      order_balance_minor: 1598,
    });
    const card = await post('/api/nine/payments', { order_id: order.id, method: 'card', amount_minor: 1598 });
    expect(card.json().data.order_balance_minor).toBe(0);
    const invoice = (
      await q('SELECT subtotal_minor, tax_minor, total_minor, status FROM invoices WHERE order_id = $1', [
        order.id,
      ])
    ).rows;
    expect(invoice).toEqual([
      { subtotal_minor: 2400, tax_minor: 198, total_minor: 2598, status: 'in_progress' },
    ]);
    const lines = (
      await q(
        'SELECT sum(l.total_minor)::int AS t FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.order_id = $1',
        [order.id],
      )
    ).rows[0].t;
    expect(lines).toBe(2598);
    const byGl = (
      await q(
        `SELECT gl_code, sum(amount_minor)::int AS s FROM ledger_entries WHERE order_id = $1 GROUP BY gl_code ORDER BY gl_code`,
        [order.id],
      )
    ).rows;
    expect(byGl).toEqual([
      { gl_code: '1000', s: 1000 },
      { gl_code: '1010', s: 1598 },
      { gl_code: '1100', s: -2598 },
    ]);
    expect(await unbalancedTxns()).toBe(0);
  });

  it('refuses paying more than the balance, unless pay and balance forward is on (the excess becomes credit)', async () => {
    const order = await sale();
    const over = await post('/api/nine/payments', {
      order_id: order.id,
      method: 'cash',
      amount_minor: order.total_minor + 1,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.issues[0]).toMatchObject({
      code: 'exceeds_balance',
      balance_minor: order.total_minor,
    });
    await q(`UPDATE general_settings SET has_pay_and_balance_forward = true WHERE location_id = $1`, [loc]);
    try {
      // Only when the clerk chose to keep the excess as credit: a repeated "pay the balance" is refused.
      const unasked = await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: order.total_minor + 500,
      });
      expect(unasked.statusCode).toBe(400);
      expect(unasked.json().data.issues[0]).toMatchObject({ code: 'exceeds_balance' });
      const forward = await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: order.total_minor + 500,
        keep_credit: true,
      });
      expect(forward.statusCode).toBe(201);
      const credit = (
        await q(
          `SELECT -sum(amount_minor)::int AS c FROM ledger_entries WHERE gl_code = '2300' AND order_id = $1`,
          [order.id],
        )
      ).rows[0].c;
      expect(credit).toBe(500);
    } finally {
      await q(`UPDATE general_settings SET has_pay_and_balance_forward = false WHERE location_id = $1`, [
        loc,
      ]);
    }
  });

  it('refuses card entry by staff when the settings do not allow it', async () => {
    await q(`UPDATE general_settings SET allow_staff_credit_card_entry = false WHERE location_id = $1`, [
      loc,
    ]);
    try {
      const order = await sale();
      expect(
        (await post('/api/nine/payments', { order_id: order.id, method: 'card', amount_minor: 100 }))
          .statusCode,
      ).toBe(403);
      expect(
        (await q('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [order.id])).rows[0].n,
      ).toBe(0);
    } finally {
      await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1`, [
        loc,
      ]);
    }
  });

  it('50 concurrent retries of one payment with the same key make one payment', async () => {
    const order = await sale();
    const body = { order_id: order.id, method: 'cash', amount_minor: order.total_minor };
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        post('/api/nine/payments', body, { 'idempotency-key': `pay-${order.id}` }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect(
      (
        await q('SELECT count(*)::int AS n, sum(amount_minor)::int AS s FROM payments WHERE order_id = $1', [
          order.id,
        ])
      ).rows[0],
    ).toEqual({ n: 1, s: order.total_minor });
  });

  it('refuses the same key with another body (1020) and stores nothing for it', async () => {
    const order = await sale();
    const key = { 'idempotency-key': `other-${order.id}` };
    const first = await post(
      '/api/nine/payments',
      { order_id: order.id, method: 'cash', amount_minor: 100 },
      key,
    );
    expect(first.statusCode).toBe(201);
    const other = await post(
      '/api/nine/payments',
      { order_id: order.id, method: 'cash', amount_minor: 200 },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().resp_code).toBe(1020);
    const replay = await post(
      '/api/nine/payments',
      { order_id: order.id, method: 'cash', amount_minor: 100 },
      key,
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(first.json().data.id);
    expect(
      (await q('SELECT sum(amount_minor)::int AS s FROM payments WHERE order_id = $1', [order.id])).rows[0].s,
    ).toBe(100);
  });

  it('answers the order’s money: payments with refunds, deposits held, balance and the method rules', async () => {
    const order = await sale(2);
    const cash = (
      await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 1000,
        tendered_minor: 1500,
      })
    ).json().data;
    await post('/api/nine/payments', {
      order_id: order.id,
      method: 'card',
      amount_minor: 598,
      reference: '4242',
    });
    await post(`/api/nine/payments/${cash.id}/refunds`, { amount_minor: 300, reason: 'discount' });
    await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 5000 });
    await post(`/api/nine/orders/${order.id}/deposits`, {
      kind: 'claimed',
      amount_minor: 1200,
      reason: 'dent',
    });
    const res = await app.inject({
      method: 'GET',
      url: `/api/nine/orders/${order.id}/money`,
      headers: clerk,
    });
    expect(res.statusCode).toBe(200);
    const money = res.json().data;
    expect(money).toMatchObject({
      order_id: order.id,
      total_minor: 2598,
      paid_minor: 1298,
      balance_minor: 1300,
      deposit_held_minor: 3800,
      deposit_in_custody: true,
      rules: {
        allow_staff_credit_card_entry: true,
        has_pay_and_balance_forward: false,
        confirm_change_return: true,
        refund_level1_minor: 1000,
        refund_level2_minor: 5000,
      },
    });
    expect(
      money.payments.map((p: Record<string, unknown>) => [
        p.method,
        p.amount_minor,
        p.change_minor,
        p.refunded_minor,
      ]),
    ).toEqual([
      ['cash', 1000, 500, 300],
      ['card', 598, 0, 0],
    ]);
    expect(money.payments[1].reference).toBe('4242');
    expect(money.deposits.map((d: Record<string, unknown>) => [d.kind, d.amount_minor, d.reason])).toEqual([
      ['held', 5000, null],
      ['claimed', 1200, 'dent'],
    ]);
    const foreign = await app.inject({ method: 'GET', url: `/api/nine/orders/999999/money`, headers: clerk });
    expect(foreign.statusCode).toBe(404);
  });

  it('closes a sale paid in full when close_sale_order is on_full_payment, and posts its invoice', async () => {
    await q(
      `INSERT INTO activity_settings (location_id, rental_type_id, close_sale_order) VALUES ($1, 1, 'on_full_payment')
             ON CONFLICT (location_id, rental_type_id) DO UPDATE SET close_sale_order = 'on_full_payment'`,
      [loc],
    );
    try {
      const order = await sale();
      await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: order.total_minor,
      });
      const after = (await q('SELECT status FROM orders WHERE id = $1', [order.id])).rows[0].status;
      expect(after).toBe('closed');
      const inv = (await q(`SELECT status FROM invoices WHERE order_id = $1`, [order.id])).rows[0].status;
      expect(inv).toBe('posted');
      const revenue = (
        await q(
          `SELECT sum(amount_minor)::int AS s FROM ledger_entries WHERE order_id = $1 AND gl_code IN ('4010', '2200')`,
          [order.id],
        )
      ).rows[0].s;
      expect(revenue).toBe(-order.total_minor);
      expect(await unbalancedTxns()).toBe(0);
    } finally {
      await q(`UPDATE activity_settings SET close_sale_order = 'manual' WHERE location_id = $1`, [loc]);
    }
  });
});

describe('refunds', () => {
  it('refunds up to L1 freely, above L1 with a refund approver’s key, above L2 only with a manager’s key', async () => {
    const order = await sale(10); // 12990
    const pay = (
      await post('/api/nine/payments', {
        order_id: order.id,
        method: 'card',
        amount_minor: order.total_minor,
      })
    ).json().data;
    const refund = (body: object) => post(`/api/nine/payments/${pay.id}/refunds`, body);
    expect((await refund({ amount_minor: 1000, reason: 'late pick-up' })).statusCode).toBe(201);
    const noKey = await refund({ amount_minor: 2000, reason: 'broken bell' });
    expect(noKey.json().resp_code, noKey.body).toBe(1206);
    expect((await refund({ amount_minor: 2000, reason: 'broken bell', access_key: '1111' })).statusCode).toBe(
      201,
    );
    expect(
      (await refund({ amount_minor: 6000, reason: 'goodwill', access_key: '1111' })).json().resp_code,
    ).toBe(1206);
    const big = await refund({ amount_minor: 6000, reason: 'goodwill', access_key: '9999' });
    expect(big.statusCode).toBe(201);
    const rest = order.total_minor - 9000;
    const tooMuch = await refund({ amount_minor: rest + 1, reason: 'x', access_key: '9999' });
    expect(tooMuch.json().data.issues[0]).toMatchObject({
      code: 'exceeds_refundable',
      refundable_minor: rest,
    });
    const approvers = (
      await q(
        `SELECT r.amount_minor, u.email FROM refunds r LEFT JOIN users u ON u.id = r.approved_by WHERE r.payment_id = $1 ORDER BY r.id`,
        [pay.id],
      )
    ).rows;
    expect(approvers).toEqual([
      { amount_minor: 1000, email: null },
      { amount_minor: 2000, email: 'lead@nine.test' },
      { amount_minor: 6000, email: 'boss@nine.test' },
    ]);
    expect(await unbalancedTxns()).toBe(0);
  });

  it('a paid order cancelled waits in pre-cancel and is cancelled once refunded', async () => {
    const order = await sale();
    const pay = (
      await post('/api/nine/payments', { order_id: order.id, method: 'cash', amount_minor: 500 })
    ).json().data;
    const cancel = await post(`/api/nine/sale-orders/${order.id}/events`, {
      type: 'CANCEL',
      version: 1,
      access_key: '9999',
    });
    expect(cancel.json().data.status).toBe('pre-cancel');
    await post(`/api/nine/payments/${pay.id}/refunds`, { amount_minor: 500, reason: 'order cancelled' });
    expect((await q('SELECT status FROM orders WHERE id = $1', [order.id])).rows[0].status).toBe('cancelled');
  });
});

describe('security deposits', () => {
  it('holds, claims part for damage with a reason, returns the rest, and keeps the custody flag', async () => {
    const order = await sale();
    const move = (body: object) => post(`/api/nine/orders/${order.id}/deposits`, body);
    expect((await move({ kind: 'held', amount_minor: 10000 })).json().data.held_minor).toBe(10000);
    expect(
      (await q('SELECT deposit_in_custody FROM orders WHERE id = $1', [order.id])).rows[0].deposit_in_custody,
    ).toBe(true);
    expect((await move({ kind: 'claimed', amount_minor: 2500 })).statusCode).toBe(400);
    expect(
      (await move({ kind: 'claimed', amount_minor: 2500, reason: 'scratched hull' })).json().data.held_minor,
    ).toBe(7500);
    expect((await move({ kind: 'returned', amount_minor: 8000 })).statusCode).toBe(400);
    expect((await move({ kind: 'returned', amount_minor: 7500 })).json().data.held_minor).toBe(0);
    expect(
      (await q('SELECT deposit_in_custody FROM orders WHERE id = $1', [order.id])).rows[0].deposit_in_custody,
    ).toBe(false);
    const byGl = (
      await q(
        `SELECT gl_code, sum(amount_minor)::int AS s FROM ledger_entries WHERE order_id = $1 AND deposit_movement_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
        [order.id],
      )
    ).rows;
    expect(byGl).toEqual([
      { gl_code: '1000', s: 2500 },
      { gl_code: '2100', s: 0 },
      { gl_code: '4900', s: -2500 },
    ]);
  });
});

describe('properties', () => {
  it('for any sequence of payments, refunds and deposit moves the books add up', async () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('pay' as const),
        method: fc.constantFrom('cash', 'card'),
        amount: fc.integer({ min: 1, max: 3000 }),
      }),
      fc.record({ kind: fc.constant('refund' as const), amount: fc.integer({ min: 1, max: 3000 }) }),
      fc.record({
        kind: fc.constant('deposit' as const),
        move: fc.constantFrom('held', 'claimed', 'returned'),
        amount: fc.integer({ min: 1, max: 2000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const order = await sale(5);
        const payments: number[] = [];
        for (const o of ops) {
          if (o.kind === 'pay') {
            const r = await post('/api/nine/payments', {
              order_id: order.id,
              method: o.method,
              amount_minor: o.amount,
            });
            if (r.statusCode === 201) payments.push(r.json().data.id);
            else expect(r.statusCode).toBe(400);
          } else if (o.kind === 'refund' && payments.length) {
            const r = await post(`/api/nine/payments/${payments.at(-1)}/refunds`, {
              amount_minor: o.amount,
              reason: 'test',
              access_key: '9999',
            });
            expect([201, 400]).toContain(r.statusCode);
          } else if (o.kind === 'deposit') {
            const r = await post(`/api/nine/orders/${order.id}/deposits`, {
              kind: o.move,
              amount_minor: o.amount,
              reason: 'damage',
            });
            expect([201, 400]).toContain(r.statusCode);
          }
        }
        const facts = (
          await q(
            `SELECT (SELECT coalesce(sum(amount_minor), 0) FROM payments WHERE order_id = $1)::int AS paid_in,
                    (SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.order_id = $1)::int AS refunded,
                    (SELECT count(*) FROM payments p WHERE p.order_id = $1
                       AND (SELECT coalesce(sum(amount_minor), 0) FROM refunds r WHERE r.payment_id = p.id) > p.amount_minor)::int AS over_refunded,
                    (SELECT -coalesce(sum(amount_minor), 0) FROM ledger_entries WHERE order_id = $1 AND gl_code = '1100')::int AS receivable_paid,
                    (SELECT coalesce(sum(CASE kind WHEN 'held' THEN amount_minor ELSE -amount_minor END), 0) FROM deposit_movements WHERE order_id = $1)::int AS held,
                    (SELECT -coalesce(sum(amount_minor), 0) FROM ledger_entries WHERE order_id = $1 AND gl_code = '2100')::int AS deposit_liability`,
            [order.id],
          )
        ).rows[0];
        const view = (
          await app.inject({ method: 'GET', url: `/api/nine/sale-orders/${order.id}`, headers: clerk })
        ).json().data;
        expect(view.paid_minor).toBe(facts.paid_in - facts.refunded);
        expect(view.balance_minor).toBe(order.total_minor - view.paid_minor);
        expect(facts.receivable_paid).toBe(facts.paid_in - facts.refunded);
        expect(facts.over_refunded).toBe(0);
        expect(facts.held).toBeGreaterThanOrEqual(0);
        expect(facts.deposit_liability).toBe(facts.held);
        expect(await unbalancedTxns()).toBe(0);
      }),
      { numRuns: 25 },
    );
  });
});

describe('invoice lists', () => {
  it('lists sale invoices with derived paid and balance, filtered by balance status', async () => {
    const order = await sale(3);
    await post('/api/nine/payments', { order_id: order.id, method: 'cash', amount_minor: 1000 });
    const list = (
      await app.inject({
        method: 'GET',
        url: '/api/nine/invoices/sale?balance_status=partially_paid&page_size=100',
        headers: clerk,
      })
    ).json().data;
    const row = list.rows.find((r: { order_id: number }) => r.order_id === order.id);
    expect(row).toMatchObject({
      total_minor: order.total_minor,
      paid_minor: 1000,
      balance_minor: order.total_minor - 1000,
      status: 'in_progress',
    });
    expect(
      list.rows.every(
        (r: { paid_minor: number; total_minor: number }) => r.paid_minor > 0 && r.paid_minor < r.total_minor,
      ),
    ).toBe(true);
    const one = (
      await app.inject({ method: 'GET', url: `/api/nine/invoices/${row.id}`, headers: clerk })
    ).json().data;
    expect(one.lines).toHaveLength(1);
    expect(one.payments).toHaveLength(1);
    const rents = (
      await app.inject({ method: 'GET', url: '/api/nine/invoices/rents', headers: clerk })
    ).json().data;
    expect(rents.rows.every((r: { type: string }) => r.type !== 'sale')).toBe(true);
  });
});

describe('cash registers', () => {
  it('opens with a float, counts cash sales and deposits, and records the difference at close', async () => {
    const reg = (
      await q(`INSERT INTO cash_registers (location_id, name) VALUES ($1, 'Till 2') RETURNING id`, [loc])
    ).rows[0].id;
    await q(`UPDATE general_settings SET current_cash_register = $1 WHERE location_id = $2`, [reg, loc]);
    try {
      const url = (p: string) => `/api/nine/cash-registers/${reg}/${p}`;
      expect((await post(url('open'), { float_minor: 20000 })).statusCode).toBe(200);
      expect((await post(url('open'), { float_minor: 20000 })).statusCode).toBe(409);
      const order = await sale();
      await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: order.total_minor,
        tendered_minor: 2000,
      });
      await post(url('movements'), { kind: 'cash_out', amount_minor: 5000, reason: 'bank deposit' });
      const state = (
        await post(url('movements'), { kind: 'cash_in', amount_minor: 1000, reason: 'change float' })
      ).json().data.register.session;
      expect(state).toMatchObject({
        float_minor: 20000,
        cash_sales_minor: order.total_minor,
        cash_in_minor: 1000,
        cash_out_minor: 5000,
      });
      expect(state.expected_minor).toBe(20000 + order.total_minor - 5000 + 1000);
      const closed = (await post(url('close'), { counted_minor: state.expected_minor - 150 })).json().data;
      expect(closed.outcome).toEqual({
        expected_minor: state.expected_minor,
        counted_minor: state.expected_minor - 150,
        difference_minor: -150,
      });
      expect(closed.register.session).toBeNull();
      const short = (await q(`SELECT sum(amount_minor)::int AS s FROM ledger_entries WHERE gl_code = '3900'`))
        .rows[0].s;
      expect(short).toBe(150 + 5000 - 1000);
      expect(await unbalancedTxns()).toBe(0);
    } finally {
      await q(`UPDATE general_settings SET current_cash_register = NULL WHERE location_id = $1`, [loc]);
    }
  });

  it('with multi_register, cash lands in the counter’s own register; without it, in the current one', async () => {
    const [front, dock] = (
      await q(
        `INSERT INTO cash_registers (location_id, name) VALUES ($1, 'Front 3'), ($1, 'Dock 3') RETURNING id`,
        [loc],
      )
    ).rows.map((r) => r.id as number) as [number, number];
    await q(
      `UPDATE general_settings SET current_cash_register = $1, multi_register = true WHERE location_id = $2`,
      [front, loc],
    );
    try {
      for (const id of [front, dock]) await post(`/api/nine/cash-registers/${id}/open`, { float_minor: 0 });
      const order = await sale();
      const atDock = await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 400,
        cash_register_id: dock,
      });
      expect(atDock.json().data.register).toBe('Dock 3');
      const unknown = await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 100,
        cash_register_id: 999999,
      });
      expect(unknown.json().data.issues[0].code).toBe('unknown_register');
      await q(`UPDATE general_settings SET multi_register = false WHERE location_id = $1`, [loc]);
      const single = await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 100,
        cash_register_id: dock,
      });
      expect(single.json().data.register).toBe('Front 3');
      const list = (
        await app.inject({ method: 'GET', url: '/api/nine/cash-registers', headers: clerk })
      ).json().data;
      const sales = (id: number) =>
        list.find((r: { id: number }) => r.id === id).session.cash_sales_minor as number;
      expect([sales(front), sales(dock)]).toEqual([100, 400]);
      for (const id of [front, dock])
        await post(`/api/nine/cash-registers/${id}/close`, { counted_minor: 0 });
    } finally {
      await q(
        `UPDATE general_settings SET current_cash_register = NULL, multi_register = false WHERE location_id = $1`,
        [loc],
      );
    }
  });
});
