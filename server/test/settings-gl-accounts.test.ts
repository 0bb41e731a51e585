import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@nine/shared/permissions';
import { GL_PAYMENT_METHODS } from '@nine/shared/schemas/gl-accounts';
import { paymentMethods } from '@nine/shared/schemas/money';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// Business settings, Payment, System, Tax and Category Accounts (issue #18): the ledger posts to the codes the
// mappings name, read in the posting's own transaction. Saves are business-wide and versioned.

let tdb: TestDatabase;
let app: NineApp['app'];
let home: number;
let other: number;
let cat: CatalogueFixture;
let wide: Record<string, string>;
let local: Record<string, string>;
let stateTax: number;
let cityTax: number;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  home = await createLocation(tdb.db, 'Accounts home');
  other = await createLocation(tdb.db, 'Accounts other');
  cat = await createCatalogue(tdb.db, home, { saleStock: 1000 });
  await q('DELETE FROM taxes');
  await q('UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1', [home]);
  stateTax = (await q(`INSERT INTO taxes (name, rate_bp) VALUES ('State tax', 500) RETURNING id`)).rows[0].id;
  cityTax = (await q(`INSERT INTO taxes (name, rate_bp) VALUES ('City tax', 300) RETURNING id`)).rows[0].id;
  const grants: Permission[] = [
    { resource: 'business_setting', action: 'view' },
    { resource: 'business_setting', action: 'change' },
    { resource: 'sell_order', action: 'manage' },
    { resource: 'financial_transaction', action: 'manage' },
    { resource: 'financial_transaction', action: 'refund' },
  ];
  await createUser(tdb.db, { email: 'wide-gl@nine.test', locations: [home, other], grants });
  await createUser(tdb.db, { email: 'local-gl@nine.test', locations: [home], grants });
  ({ app } = await createTestApp(tdb.db));
  wide = { authorization: `Bearer ${await login(app, 'wide-gl@nine.test')}`, 'location-id': String(home) };
  local = { authorization: `Bearer ${await login(app, 'local-gl@nine.test')}`, 'location-id': String(home) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = wide) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const accounts = async () => (await call('GET', '/api/nine/gl-accounts')).json().data;
const newCode = async (code: string, description: string) =>
  expect((await call('POST', '/api/nine/gl-codes', { code, description })).statusCode).toBe(201);
const map = (kind: string, key: string | number, version: number, gl_code: string | null, headers = wide) =>
  call('PUT', `/api/nine/gl-accounts/${kind}/${key}`, { version, gl_code }, headers);

/** A sale of `quantity` water bottles (12.00 each, 8 % tax). */
const sale = async (quantity = 1) => {
  const res = await call('POST', '/api/nine/sale-orders', {
    items: [{ product_id: cat.saleProductId, quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total_minor: number; version: number };
};
const byGl = async (where: string, params: unknown[]) =>
  (
    await q(
      `SELECT gl_code, sum(amount_minor)::int AS s FROM ledger_entries WHERE ${where} GROUP BY gl_code ORDER BY gl_code`,
      params,
    )
  ).rows;

describe('reading the accounts', () => {
  it('answers the seeded accounts: the codes the books always posted to, open-balance accounts fixed', async () => {
    const data = await accounts();
    expect(data.payment).toEqual([
      { method: 'cash', gl_code: '1000', version: 1 },
      { method: 'card', gl_code: '1010', version: 1 },
      { method: 'external', gl_code: '1020', version: 1 },
    ]);
    expect(data.system.map((r: { posting: string; gl_code: string }) => [r.posting, r.gl_code])).toEqual([
      ['accounts_receivable', '1100'],
      ['customer_credit', '2300'],
      ['deposits_held', '2100'],
      ['tax_payable', '2200'],
      ['over_short', '3900'],
      ['rent_revenue', '4000'],
      ['sale_revenue', '4010'],
      ['damage_charges', '4900'],
    ]);
    // Open balances are read from receivables, deposits held and customer credit: those three stay put.
    expect(
      data.system.filter((r: { fixed: boolean }) => r.fixed).map((r: { posting: string }) => r.posting),
    ).toEqual(['accounts_receivable', 'customer_credit', 'deposits_held']);
    // Taxes and categories not mapped yet: the default account (null) at version 1.
    expect(data.tax).toEqual([
      { tax_id: cityTax, name: 'City tax', rate_bp: 300, is_active: true, gl_code: null, version: 1 },
      { tax_id: stateTax, name: 'State tax', rate_bp: 500, is_active: true, gl_code: null, version: 1 },
    ]);
    expect(data.category.length).toBeGreaterThan(0);
    expect(data.category.every((r: { gl_code: string | null }) => r.gl_code === null)).toBe(true);
  });

  it('has an account for every payment method but account credit (the customer credit account)', async () => {
    expect([...GL_PAYMENT_METHODS]).toEqual(paymentMethods.filter((m) => m !== 'account_credit'));
    expect((await accounts()).payment.map((r: { method: string }) => r.method)).toEqual([
      ...GL_PAYMENT_METHODS,
    ]);
  });

  it('marks every mapped code built in on the Codes list', async () => {
    const codes = (await call('GET', '/api/nine/gl-codes')).json().data.rows as {
      code: string;
      built_in: boolean;
    }[];
    const builtIn = codes.filter((c) => c.built_in).map((c) => c.code);
    expect(builtIn).toEqual([
      '1000',
      '1010',
      '1020',
      '1100',
      '2100',
      '2200',
      '2300',
      '3900',
      '4000',
      '4010',
      '4900',
    ]);
  });
});

describe('posting by the accounts', () => {
  it('posts a cash payment to the code cash is mapped to', async () => {
    await newCode('1005', 'Cash, front desk');
    const res = await map('payment', 'cash', 1, '1005');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ kind: 'payment', key: 'cash', gl_code: '1005', version: 2 });
    const order = await sale();
    const paid = await call('POST', '/api/nine/payments', {
      order_id: order.id,
      method: 'cash',
      amount_minor: order.total_minor,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await byGl('order_id = $1 AND payment_id IS NOT NULL', [order.id])).toEqual([
      { gl_code: '1005', s: order.total_minor },
      { gl_code: '1100', s: -order.total_minor },
    ]);
    // Card payments still post where they always did.
    const other = await sale();
    const card = await call('POST', '/api/nine/payments', {
      order_id: other.id,
      method: 'card',
      amount_minor: other.total_minor,
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(await byGl('order_id = $1 AND payment_id IS NOT NULL', [other.id])).toEqual([
      { gl_code: '1010', s: other.total_minor },
      { gl_code: '1100', s: -other.total_minor },
    ]);
    expect((await map('payment', 'cash', 2, '1000')).statusCode).toBe(200);
  });

  it('posts revenue per category and tax per tax to their accounts, and a credit note reverses each', async () => {
    const categoryId = (await q(`INSERT INTO categories (name) VALUES ('Bottles') RETURNING id`)).rows[0].id;
    await q('UPDATE products SET category_id = $1 WHERE id = $2', [categoryId, cat.saleProductId]);
    await newCode('4015', 'Bottle sales');
    await newCode('2210', 'City tax payable');
    const mapped = await map('category', categoryId, 1, '4015');
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data).toEqual({
      kind: 'category',
      key: String(categoryId),
      gl_code: '4015',
      version: 2,
    });
    expect((await map('tax', cityTax, 1, '2210')).statusCode).toBe(200);

    const order = await sale(2); // 2 × 1200 = 2400, 8 % = 192
    const invoiceId = (await call('POST', `/api/nine/orders/${order.id}/invoice`, {})).json().data.invoice_id;
    expect((await call('POST', `/api/nine/invoices/${invoiceId}/post`, {})).statusCode).toBe(200);
    // 192 shared by rate: state 500/800 = 120, city the rest 72.
    expect(await byGl('invoice_id = $1 AND payment_id IS NULL', [invoiceId])).toEqual([
      { gl_code: '1100', s: 2592 },
      { gl_code: '2200', s: -120 },
      { gl_code: '2210', s: -72 },
      { gl_code: '4015', s: -2400 },
    ]);

    const note = await call(
      'POST',
      `/api/nine/invoices/${invoiceId}/credit-note`,
      { reason: 'wrong price' },
      { ...wide, 'idempotency-key': `gl-credit-${invoiceId}` },
    );
    expect(note.statusCode, note.body).toBe(201);
    expect(await byGl('order_id = $1 AND payment_id IS NULL', [order.id])).toEqual([
      { gl_code: '1100', s: 0 },
      { gl_code: '2200', s: 0 },
      { gl_code: '2210', s: 0 },
      { gl_code: '4015', s: 0 },
    ]);

    // Back to the default: the product line's revenue account.
    const reset = await map('category', categoryId, 2, null);
    expect(reset.json().data).toMatchObject({ gl_code: null, version: 3 });
    const again = await sale();
    const againInvoice = (await call('POST', `/api/nine/orders/${again.id}/invoice`, {})).json().data
      .invoice_id;
    await call('POST', `/api/nine/invoices/${againInvoice}/post`, {});
    expect((await byGl('invoice_id = $1', [againInvoice])).map((r) => r.gl_code)).toEqual([
      '1100',
      '2200',
      '2210',
      '4010',
    ]);
  });

  it('takes a refund off the accounts the invoice posted to, not those mapped today', async () => {
    const categoryId = (await q(`INSERT INTO categories (name) VALUES ('Refunded bottles') RETURNING id`))
      .rows[0].id;
    await q('UPDATE products SET category_id = $1 WHERE id = $2', [categoryId, cat.saleProductId]);
    await newCode('4031', 'Bottle sales, old');
    await newCode('4032', 'Bottle sales, new');
    expect((await map('category', categoryId, 1, '4031')).statusCode).toBe(200);
    const order = await sale(2); // 2400 + 192 tax (state 120 on 2200, city 72 on 2210)
    const payment = (
      await call('POST', '/api/nine/payments', {
        order_id: order.id,
        method: 'card',
        amount_minor: order.total_minor,
      })
    ).json().data;
    const closed = await call('POST', `/api/nine/sale-orders/${order.id}/events`, {
      type: 'CLOSE',
      version: order.version,
      acknowledge: [],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // The category moves on after the invoice was posted.
    expect((await map('category', categoryId, 2, '4032')).statusCode).toBe(200);

    const refund = async (amount_minor: number) => {
      const res = await call('POST', `/api/nine/payments/${payment.id}/refunds`, {
        amount_minor,
        reason: 'cracked bottle',
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const notes = async () =>
      (
        await q(
          `SELECT id, tax_minor FROM invoices WHERE order_id = $1 AND type = 'credit_note' ORDER BY id`,
          [order.id],
        )
      ).rows as { id: number; tax_minor: number }[];
    await refund(1000);
    const [first] = await notes();
    // 1000 spread over what the invoice posted (2400, 120, 72): 926, 46, the rest 28; its tax 74 = 46 + 28.
    expect(await byGl('invoice_id = $1', [first!.id])).toEqual([
      { gl_code: '1100', s: -1000 },
      { gl_code: '2200', s: 46 },
      { gl_code: '2210', s: 28 },
      { gl_code: '4031', s: 926 },
    ]);
    expect(first!.tax_minor).toBe(-74);
    // The rest refunded: every account the invoice posted to is back at zero; the new code was never touched.
    await refund(order.total_minor - 1000);
    expect(await byGl('order_id = $1 AND payment_id IS NULL', [order.id])).toEqual([
      { gl_code: '1100', s: 0 },
      { gl_code: '2200', s: 0 },
      { gl_code: '2210', s: 0 },
      { gl_code: '4031', s: 0 },
    ]);
    const taxes = (await notes()).reduce((sum, n) => sum + n.tax_minor, 0);
    expect(taxes).toBe(-192);
    const unbalanced = await q(
      'SELECT txn_id FROM ledger_entries WHERE order_id = $1 GROUP BY txn_id HAVING sum(amount_minor) <> 0',
      [order.id],
    );
    expect(unbalanced.rows).toEqual([]);
    await q('UPDATE products SET category_id = NULL WHERE id = $1', [cat.saleProductId]);
  });

  it('posts an ad-hoc charge on a sale order to sale revenue', async () => {
    await q('UPDATE business_info SET add_adhoc_to_order = true');
    const order = await sale();
    const invoiceId = (await call('POST', `/api/nine/orders/${order.id}/invoice`, {})).json().data.invoice_id;
    expect((await call('POST', `/api/nine/invoices/${invoiceId}/post`, {})).statusCode).toBe(200);
    const charge = await call(
      'POST',
      `/api/nine/invoices/${invoiceId}/adhoc-charges`,
      { description: 'Gift wrap', quantity: 1, unit_price_minor: 500, taxable: false },
      { ...wide, 'idempotency-key': `gl-adhoc-${invoiceId}` },
    );
    expect(charge.statusCode, charge.body).toBe(201);
    const chargeId = charge.json().data.id;
    expect((await call('POST', `/api/nine/invoices/${chargeId}/post`, {})).statusCode).toBe(200);
    expect(await byGl('invoice_id = $1', [chargeId])).toEqual([
      { gl_code: '1100', s: 500 },
      { gl_code: '4010', s: -500 },
    ]);
  });
});

describe('saving the accounts', () => {
  it('refuses to delete a code an account posts to (1615), and allows it once no account does', async () => {
    await newCode('4016', 'Spare revenue');
    const categoryId = (await q(`INSERT INTO categories (name) VALUES ('Spare') RETURNING id`)).rows[0].id;
    expect((await map('category', categoryId, 1, '4016')).statusCode).toBe(200);
    const refused = await call('DELETE', '/api/nine/gl-codes/4016?version=1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resp_code).toBe(1615);
    expect((await map('category', categoryId, 2, null)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/nine/gl-codes/4016?version=1')).statusCode).toBe(200);
    // The mapping's foreign key refuses it too (restrict_violation), whatever the screen said.
    await expect(q(`DELETE FROM gl_codes WHERE code = '1020'`)).rejects.toMatchObject({ code: '23001' });
  });

  it('refuses a stale version (409 with the current one), an unknown code (1691) and moving a fixed account (1690)', async () => {
    await newCode('1011', 'Card clearing, second processor');
    expect((await map('payment', 'card', 1, '1011')).statusCode).toBe(200);
    const stale = await map('payment', 'card', 1, '1010');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual({ version: 2 });
    const unknown = await map('payment', 'card', 2, '9999');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().resp_code).toBe(1691);
    for (const posting of ['customer_credit', 'accounts_receivable', 'deposits_held']) {
      const fixed = await map('system', posting, 1, '1011');
      expect(fixed.statusCode, posting).toBe(409);
      expect(fixed.json().resp_code).toBe(1690);
    }
    expect((await map('system', 'tax_payable', 1, null)).statusCode).toBe(400);
    expect((await map('system', 'no_such_posting', 1, '1011')).statusCode).toBe(404);
    expect((await map('tax', 999999, 1, '1011')).statusCode).toBe(404);
    expect((await accounts()).payment[1]).toEqual({ method: 'card', gl_code: '1011', version: 2 });
  });

  it('is business-wide: a user without the right at every location gets 403 and nothing changes', async () => {
    const res = await map('system', 'over_short', 1, '1000', local);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toMatchObject({ reason: 'business_wide_only' });
    expect(
      (await accounts()).system.find((r: { posting: string }) => r.posting === 'over_short'),
    ).toMatchObject({
      gl_code: '3900',
      version: 1,
    });
  });

  it('lets one of two parallel saves of the same version win; the other gets 409', async () => {
    await newCode('4901', 'Damage charges, second line');
    await newCode('4902', 'Damage charges, third line');
    const answers = await Promise.all([
      map('system', 'damage_charges', 1, '4901'),
      map('system', 'damage_charges', 1, '4902'),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().data.gl_code;
    const audit = (
      await q(
        `SELECT count(*)::int AS n FROM audit_log WHERE entity_id = 'gl_system_accounts:damage_charges'`,
      )
    ).rows[0].n;
    expect(audit).toBe(1);
    expect(
      (await accounts()).system.find((r: { posting: string }) => r.posting === 'damage_charges'),
    ).toMatchObject({
      gl_code: winner,
      version: 2,
    });
  });
});
