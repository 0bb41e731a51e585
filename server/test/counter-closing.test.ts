import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { DEFAULT_DB_LIMITS } from '../src/db/pool.ts';
import { runIntegrityChecks } from '../src/lib/integrity.ts';
import { hashPassword } from '../src/modules/auth/password-hashing.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Closing an order with its money settled (issue #15, items 3 and 8): a deposit held or a balance due is
 * warned about or refused by the activity settings, closing posts every invoice, a closed order's deposit
 * cannot move again, a refund on a closed order lowers its price so the order, its invoice and the ledger
 * agree, and a clerk without the refund permission refunds with an approver's access key.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let bikeProduct: number;
let boss: Record<string, string>;
let clerk: Record<string, string>;
let bikes = 0;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const WARNINGS = ['unpaid', 'early_deliver', 'early_return', 'no_sku'];

beforeAll(async () => {
  tdb = await createTestDatabase('nine_template', DEFAULT_DB_LIMITS);
  loc = await createLocation(tdb.db, 'Counter');
  cat = await createCatalogue(tdb.db, loc, { items: 1, saleStock: 10_000 });
  await q(`INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', 825, true)`);
  await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1`, [loc]);
  await q(`UPDATE access_policy SET refund_level1_minor = 5000, refund_level2_minor = 20000`);
  // The bike of the report: 52.00 a day (56.29 with 8.25 % tax) and a 200.00 deposit.
  bikeProduct = (
    await q(
      `INSERT INTO products (kind, sku, name, is_serialized, price_minor, deposit_minor) VALUES ('rent', 'CITY', 'City bike', true, 5200, 20000) RETURNING id`,
    )
  ).rows[0].id;
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc], grants: everything });
  // A refund approver below a manager, and a counter clerk who takes payments but holds no refund right.
  await createUser(tdb.db, {
    email: 'lead@nine.test',
    locations: [loc],
    grants: [{ resource: 'financial_transaction', action: 'refund' }],
  });
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'sell_order', action: 'manage' },
      { resource: 'rent_order', action: 'manage' },
      { resource: 'financial_transaction', action: 'change' },
    ],
  });
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'boss@nine.test'`, [
    await hashPassword('9999'),
  ]);
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'lead@nine.test'`, [
    await hashPassword('1111'),
  ]);
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'clerk@nine.test'`, [
    await hashPassword('2222'),
  ]);
  ({ app } = await createTestApp(tdb.db));
  boss = { authorization: `Bearer ${await login(app, 'boss@nine.test')}`, 'location-id': String(loc) };
  clerk = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object, headers = boss) =>
  app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers = boss) => app.inject({ method: 'GET', url, headers });
const money = async (orderId: number) => (await get(`/api/nine/orders/${orderId}/money`)).json().data;
const setRules = (rules: { deposit?: string; balance?: string }) =>
  q(
    `INSERT INTO activity_settings (location_id, rental_type_id, close_with_deposit_held, close_with_balance_due)
     VALUES ($1, 1, $2, $3)
     ON CONFLICT (location_id, rental_type_id) DO UPDATE SET close_with_deposit_held = $2, close_with_balance_due = $3`,
    [loc, rules.deposit ?? 'deny', rules.balance ?? 'warn'],
  );
const integrity = async () =>
  (await runIntegrityChecks(tdb.db.pool)).filter((r) => r.violations > 0).map((r) => [r.name, r.sample]);

/** A rent order for one new city bike today, delivered and returned; its total is 56.29. */
async function returnedRent(): Promise<{ id: number; total_minor: number; version: number }> {
  const bike = (
    await q(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $2, $3, $3) RETURNING id`,
      [bikeProduct, `CITY-${++bikes}`, loc],
    )
  ).rows[0].id as number;
  const created = await post('/api/nine/rent-orders', {
    customer_id: cat.customerId,
    planned_start: new Date(Date.now() - 3_600_000).toISOString(),
    planned_finish: new Date(Date.now() + 20 * 3_600_000).toISOString(),
    items: [{ item_id: bike }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json().data;
  const event = async (payload: object) => {
    const res = await post(`/api/nine/rent-orders/${order.id}/events`, { ...payload, acknowledge: WARNINGS });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const lines = order.items.map((i: { id: number }) => i.id);
  let view = await event({ type: 'DELIVER', item_ids: lines, version: order.version });
  view = await event({ type: 'RETURN', item_ids: lines, version: view.version });
  expect(view.status).toBe('returned');
  return { id: order.id, total_minor: order.total_minor, version: view.version };
}

const close = (order: { id: number; version: number }, acknowledge: string[] = [], kind = 'rent-orders') =>
  post(`/api/nine/${kind}/${order.id}/events`, { type: 'CLOSE', version: order.version, acknowledge });

describe('closing checks the money', () => {
  it('refuses to close while a deposit is held (1254), then closes once it is returned and posts every invoice', async () => {
    const order = await returnedRent();
    expect(order.total_minor).toBe(5629);
    const pay = await post('/api/nine/payments', { order_id: order.id, method: 'cash', amount_minor: 5629 });
    expect(pay.statusCode).toBe(201);
    expect(
      (await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 20000 })).statusCode,
    ).toBe(201);

    // close_with_deposit_held defaults to 'deny': refused with the amount, and nothing changes.
    const refused = await close(order);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      resp_code: 1254,
      data: { reasons: [{ reason: 'deposit_held', amount_minor: 20000 }] },
    });
    expect((await q('SELECT status FROM orders WHERE id = $1', [order.id])).rows[0].status).toBe('returned');
    expect(
      (await q(`SELECT status FROM invoices WHERE order_id = $1`, [order.id])).rows.map((r) => r.status),
    ).toEqual(['in_progress']);

    expect(
      (await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'returned', amount_minor: 20000 }))
        .statusCode,
    ).toBe(201);
    const closed = await close(order);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      balance_minor: 0,
      deposit_in_custody: false,
    });
    // Nothing stays "In progress": the invoice is posted and its revenue booked.
    const invoices = (
      await q(`SELECT status, total_minor FROM invoices WHERE order_id = $1 ORDER BY id`, [order.id])
    ).rows;
    expect(invoices).toEqual([{ status: 'posted', total_minor: 5629 }]);
    const receivable = (
      await q(
        `SELECT sum(amount_minor)::int AS s FROM ledger_entries WHERE order_id = $1 AND gl_code = '1100'`,
        [order.id],
      )
    ).rows[0].s;
    expect(receivable).toBe(0);
  });

  it('bills lines never billed and posts them at close, with the order unpaid and the balance acknowledged', async () => {
    const order = await returnedRent();
    expect(
      (await q('SELECT count(*)::int AS n FROM invoices WHERE order_id = $1', [order.id])).rows[0].n,
    ).toBe(0);
    // close_with_balance_due defaults to 'warn': the clerk must acknowledge the balance due.
    const warned = await close(order);
    expect(warned.json()).toMatchObject({
      resp_code: 1205,
      data: { warnings: ['balance_due'], reasons: [{ reason: 'balance_due', amount_minor: 5629 }] },
    });
    const closed = await close(order, ['balance_due']);
    expect(closed.json().data).toMatchObject({ status: 'closed', balance_minor: 5629 });
    const invoice = (await q(`SELECT id, status, total_minor FROM invoices WHERE order_id = $1`, [order.id]))
      .rows;
    expect(invoice).toMatchObject([{ status: 'posted', total_minor: 5629 }]);
    const view = (await get(`/api/nine/invoices/${invoice[0].id}`)).json().data;
    expect(view).toMatchObject({ status: 'posted', balance_minor: 5629, actions: { post: false } });
    // What is due is still taken after closing, and then nothing is owed.
    const late = await post('/api/nine/payments', { order_id: order.id, method: 'card', amount_minor: 5629 });
    expect(late.statusCode).toBe(201);
    expect((await money(order.id)).balance_minor).toBe(0);
  });

  it('lists both reasons when both are refused, warns or allows per setting, and treats sales closed by hand alike', async () => {
    await setRules({ deposit: 'deny', balance: 'deny' });
    try {
      const sale = (
        await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 1 }] })
      ).json().data;
      await post(`/api/nine/orders/${sale.id}/deposits`, {
        kind: 'held',
        method: 'card',
        amount_minor: 3000,
      });
      const both = await close(sale, [], 'sale-orders');
      expect(both.json()).toMatchObject({
        resp_code: 1254,
        data: {
          reasons: [
            { reason: 'deposit_held', amount_minor: 3000 },
            { reason: 'balance_due', amount_minor: 1299 },
          ],
        },
      });
      await setRules({ deposit: 'warn', balance: 'allow' });
      // Only the deposit is asked about now: a balance due is allowed.
      const warned = await close(sale, [], 'sale-orders');
      expect(warned.json()).toMatchObject({
        resp_code: 1205,
        data: { warnings: ['deposit_held'], reasons: [{ reason: 'deposit_held', amount_minor: 3000 }] },
      });
      const closed = await close(sale, ['deposit_held'], 'sale-orders');
      expect(closed.statusCode, closed.body).toBe(200);
      // Closed with the deposit acknowledged: it is still in custody and can still be given back.
      expect(closed.json().data).toMatchObject({ status: 'closed', deposit_in_custody: true });
    } finally {
      await setRules({});
    }
  });
});

describe('a sale paid in full (close_sale_order = on_full_payment)', () => {
  it('closes itself and posts its invoice, but stays open while it holds a deposit, and the payment goes through', async () => {
    await setRules({});
    await q(`UPDATE activity_settings SET close_sale_order = 'on_full_payment' WHERE location_id = $1`, [
      loc,
    ]);
    try {
      const plain = (
        await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 1 }] })
      ).json().data;
      await post('/api/nine/payments', {
        order_id: plain.id,
        method: 'card',
        amount_minor: plain.total_minor,
      });
      expect((await money(plain.id)).order_status).toBe('closed');
      expect(
        (await q(`SELECT status FROM invoices WHERE order_id = $1`, [plain.id])).rows.map((r) => r.status),
      ).toEqual(['posted']);

      const held = (
        await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 1 }] })
      ).json().data;
      await post(`/api/nine/orders/${held.id}/deposits`, { kind: 'held', method: 'card', amount_minor: 500 });
      const paid = await post('/api/nine/payments', {
        order_id: held.id,
        method: 'card',
        amount_minor: held.total_minor,
      });
      expect(paid.statusCode, paid.body).toBe(201);
      expect((await money(held.id)).order_status).toBe('open');
    } finally {
      await q(`UPDATE activity_settings SET close_sale_order = 'manual' WHERE location_id = $1`, [loc]);
    }
  });
});

describe('a closed order’s deposit', () => {
  it('cannot be returned or collected after closing (1255), and nothing is written', async () => {
    const order = await returnedRent();
    await post('/api/nine/payments', { order_id: order.id, method: 'cash', amount_minor: 5629 });
    await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 20000 });
    await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'returned', amount_minor: 20000 });
    expect((await close(order)).statusCode).toBe(200);
    for (const kind of ['returned', 'held', 'claimed']) {
      const res = await post(`/api/nine/orders/${order.id}/deposits`, {
        kind,
        amount_minor: 20000,
        reason: 'dent',
      });
      expect(res.statusCode, kind).toBe(409);
      expect(res.json()).toMatchObject({ resp_code: 1255, data: { held_minor: 0 } });
      expect(res.json().resp_message).toMatch(/closed/);
    }
    expect(
      (await q('SELECT count(*)::int AS n FROM deposit_movements WHERE order_id = $1', [order.id])).rows[0].n,
    ).toBe(2);
  });

  it('closed with a held deposit acknowledged (warn): the rest is returned or claimed, no more is collected', async () => {
    await setRules({ deposit: 'warn' });
    try {
      const order = await returnedRent();
      await post('/api/nine/payments', { order_id: order.id, method: 'cash', amount_minor: 5629 });
      await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 20000 });
      expect((await close(order, ['deposit_held'])).statusCode).toBe(200);
      const more = await post(`/api/nine/orders/${order.id}/deposits`, { kind: 'held', amount_minor: 100 });
      expect(more.json()).toMatchObject({ resp_code: 1255, data: { held_minor: 20000 } });
      const deposit = (body: object) => post(`/api/nine/orders/${order.id}/deposits`, body);
      expect((await deposit({ kind: 'claimed', amount_minor: 5000, reason: 'bent wheel' })).statusCode).toBe(
        201,
      );
      expect((await deposit({ kind: 'returned', amount_minor: 15000 })).json().data.held_minor).toBe(0);
      expect((await deposit({ kind: 'returned', amount_minor: 1 })).json().resp_code).toBe(1255);
      expect((await money(order.id)).deposit_in_custody).toBe(false);
    } finally {
      await setRules({});
    }
  });
});

describe('a refund on a closed order', () => {
  it('lowers the price by a credit note: the order and its invoice show no balance, the ledger agrees', async () => {
    const order = await returnedRent();
    const payment = (
      await post('/api/nine/payments', {
        order_id: order.id,
        method: 'cash',
        amount_minor: 5629,
        tendered_minor: 6000,
      })
    ).json().data;
    expect((await close(order)).statusCode).toBe(200);
    const refund = await post(`/api/nine/payments/${payment.id}/refunds`, {
      amount_minor: 1000,
      reason: 'Scratch on the frame',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().data.payment).toMatchObject({
      refunded_minor: 1000,
      order_total_minor: 4629,
      order_paid_minor: 4629,
      order_balance_minor: 0,
    });

    // The order: paid and total both down by the refund, no balance; what is left to refund is 46.29.
    const after = await money(order.id);
    expect(after).toMatchObject({ total_minor: 4629, paid_minor: 4629, balance_minor: 0 });
    expect(after.payments).toMatchObject([{ id: payment.id, amount_minor: 5629, refunded_minor: 1000 }]);
    const view = (await get(`/api/nine/rent-orders/${order.id}`)).json().data;
    expect(view).toMatchObject({ status: 'closed', balance_minor: 0 });

    // The invoice: credited by a posted note with one "Refund: …" line, tax apportioned; no balance.
    const invoice = (await q(`SELECT id FROM invoices WHERE order_id = $1 AND type = 'rent'`, [order.id]))
      .rows[0].id;
    const detail = (await get(`/api/nine/invoices/${invoice}`)).json().data;
    expect(detail).toMatchObject({
      total_minor: 5629,
      paid_minor: 4629,
      credited_minor: -1000,
      balance_minor: 0,
    });
    expect(detail.refund_credits).toHaveLength(1);
    const note = (await get(`/api/nine/invoices/${detail.refund_credits[0].id}`)).json().data;
    // 8.25 % of the 56.29 is 4.29; the note takes its share of it: round(429 × 1000 / 5629) = 76.
    expect(note).toMatchObject({
      type: 'credit_note',
      status: 'posted',
      subtotal_minor: -924,
      tax_minor: -76,
      total_minor: -1000,
      balance_minor: 0,
      credits: { id: invoice },
    });
    expect(note.lines).toMatchObject([
      { description: 'Refund: Scratch on the frame', quantity: 1, tax_minor: -76, total_minor: -1000 },
    ]);
    const listed = (await get(`/api/nine/invoices/rents?search=${detail.number}`)).json().data.rows;
    expect(listed.find((r: { id: number }) => r.id === invoice)).toMatchObject({ balance_minor: 0 });
    const paidFilter = (await get('/api/nine/invoices/rents?balance_status=paid&page_size=200')).json().data
      .rows;
    expect(paidFilter.map((r: { id: number }) => r.id)).toContain(invoice);

    // The ledger: receivables of the order back to zero; revenue and tax down by the note.
    const byGl = (
      await q(
        `SELECT gl_code, sum(amount_minor)::int AS s FROM ledger_entries WHERE order_id = $1 GROUP BY 1 ORDER BY 1`,
        [order.id],
      )
    ).rows;
    expect(byGl).toEqual([
      { gl_code: '1000', s: 4629 },
      { gl_code: '1100', s: 0 },
      { gl_code: '2200', s: -(429 - 76) },
      { gl_code: '4000', s: -(5200 - 924) },
    ]);
    expect(await integrity()).toEqual([]);
  });

  it('a full credit note after it reverses only what is left; refunding that leaves no balance either', async () => {
    const order = await returnedRent();
    const payment = (
      await post('/api/nine/payments', { order_id: order.id, method: 'card', amount_minor: 5629 })
    ).json().data;
    expect((await close(order)).statusCode).toBe(200);
    await post(`/api/nine/payments/${payment.id}/refunds`, { amount_minor: 1000, reason: 'late' });
    const invoice = (await q(`SELECT id FROM invoices WHERE order_id = $1 AND type = 'rent'`, [order.id]))
      .rows[0].id;
    const full = await post(`/api/nine/invoices/${invoice}/credit-note`, { reason: 'goodwill' });
    expect(full.statusCode, full.body).toBe(201);
    const note = full.json().data;
    expect(note).toMatchObject({ total_minor: -4629, tax_minor: -(429 - 76) });
    expect(note.lines.reduce((s: number, l: { total_minor: number }) => s + l.total_minor, 0)).toBe(-4629);
    expect(await money(order.id)).toMatchObject({ total_minor: 0, balance_minor: -4629 });
    // What the customer is owed now goes back without another price cut.
    const rest = await post(`/api/nine/payments/${payment.id}/refunds`, {
      amount_minor: 4629,
      reason: 'goodwill',
      access_key: '9999',
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await money(order.id)).toMatchObject({ total_minor: 0, paid_minor: 0, balance_minor: 0 });
    expect(
      (
        await q(`SELECT count(*)::int AS n FROM invoices WHERE order_id = $1 AND type = 'credit_note'`, [
          order.id,
        ])
      ).rows[0].n,
    ).toBe(2);
    expect((await get(`/api/nine/invoices/${invoice}`)).json().data).toMatchObject({
      balance_minor: 0,
      actions: { credit_note: false },
    });
    expect(await integrity()).toEqual([]);
  });

  it('20 parallel refunds keep the order’s and the invoice’s balance at zero and the books whole', async () => {
    const sale = (
      await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 10 }] })
    ).json().data;
    expect(sale.total_minor).toBe(12990);
    const payment = (
      await post('/api/nine/payments', { order_id: sale.id, method: 'card', amount_minor: 12990 })
    ).json().data;
    expect((await close(sale, [], 'sale-orders')).statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(`/api/nine/payments/${payment.id}/refunds`, { amount_minor: 100 + i, reason: `part ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const refunded = 20 * 100 + (19 * 20) / 2;
    expect(await money(sale.id)).toMatchObject({
      total_minor: 12990 - refunded,
      paid_minor: 12990 - refunded,
      balance_minor: 0,
    });
    const invoice = (await q(`SELECT id FROM invoices WHERE order_id = $1 AND type = 'sale'`, [sale.id]))
      .rows[0].id;
    const detail = (await get(`/api/nine/invoices/${invoice}`)).json().data;
    expect(detail).toMatchObject({ credited_minor: -refunded, balance_minor: 0 });
    expect(detail.refund_credits).toHaveLength(20);
    // The notes' taxes never take more than the invoice holds.
    const taxes = (
      await q(`SELECT sum(tax_minor)::int AS t FROM invoices WHERE credits_invoice_id = $1`, [invoice])
    ).rows[0].t;
    expect(-taxes).toBeLessThanOrEqual(990);
    expect(await integrity()).toEqual([]);
  });
});

describe('a clerk without the refund permission', () => {
  it('is offered the refund and needs an approver’s access key for it, whatever the amount', async () => {
    const sale = (
      await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 20 }] }, clerk)
    ).json().data;
    const payment = (
      await post(
        '/api/nine/payments',
        { order_id: sale.id, method: 'card', amount_minor: sale.total_minor },
        clerk,
      )
    ).json().data;
    const refund = (body: object) => post(`/api/nine/payments/${payment.id}/refunds`, body, clerk);
    // Below L1: without a key, with a wrong one, or with their own (no refund right), refused with 1206.
    for (const access_key of [undefined, '0000', '2222']) {
      const res = await refund({
        amount_minor: 100,
        reason: 'scuffed',
        ...(access_key ? { access_key } : {}),
      });
      expect(res.statusCode, access_key).toBe(403);
      expect(res.json().resp_code).toBe(1206);
    }
    const approved = await refund({ amount_minor: 100, reason: 'scuffed', access_key: '1111' });
    expect(approved.statusCode, approved.body).toBe(201);
    // Above L2 the approver must manage financial transactions: the refund approver is not enough.
    expect(
      (await refund({ amount_minor: 25000, reason: 'broken', access_key: '1111' })).json().resp_code,
    ).toBe(1206);
    expect((await refund({ amount_minor: 25000, reason: 'broken', access_key: '9999' })).statusCode).toBe(
      201,
    );
    const rows = (
      await q(
        `SELECT r.amount_minor::int AS amount, r.approval_level, u.email FROM refunds r JOIN users u ON u.id = r.approved_by
         WHERE r.payment_id = $1 ORDER BY r.id`,
        [payment.id],
      )
    ).rows;
    expect(rows).toEqual([
      { amount: 100, approval_level: 1, email: 'lead@nine.test' },
      { amount: 25000, approval_level: 2, email: 'boss@nine.test' },
    ]);
    // A user holding the refund right still refunds below L1 without a key.
    const own = await post(`/api/nine/payments/${payment.id}/refunds`, { amount_minor: 100, reason: 'x' });
    expect(own.statusCode).toBe(201);
  });
});
