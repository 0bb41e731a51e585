import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let boss: Record<string, string>;
let clerk: Record<string, string>;
let bossElsewhere: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Ledger');
  other = await createLocation(tdb.db, 'Elsewhere');
  cat = await createCatalogue(tdb.db, loc, { items: 2, saleStock: 1000, bulkStock: 1000 });
  // Two active taxes (8.25 % and 2 %) and one inactive: the invoice's tax is one rounding on 10.25 %.
  await q(
    `INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', 825, true), ('City levy', 200, true), ('Old tax', 500, false)`,
  );
  await q(`UPDATE general_settings SET tax_comment = 'Tax id 12-345' WHERE location_id = $1`, [loc]);
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc, other], grants: everything });
  // A counter clerk: orders and payments, but no corrections of posted books.
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'sell_order', action: 'manage' },
      { resource: 'rent_order', action: 'manage' },
      { resource: 'financial_transaction', action: 'change' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  const bossToken = await login(app, 'boss@nine.test');
  boss = { authorization: `Bearer ${bossToken}`, 'location-id': String(loc) };
  bossElsewhere = { authorization: `Bearer ${bossToken}`, 'location-id': String(other) };
  clerk = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object, headers: Record<string, string> = boss) =>
  app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers: Record<string, string> = boss) =>
  app.inject({ method: 'GET', url, headers });

/** A sale of `quantity` × 1200 invoiced, and paid `paid` in cash. Returns the order and its invoice. */
async function invoicedSale(quantity: number, paid: 'none' | 'part' | 'full') {
  const order = (
    await post('/api/nine/sale-orders', {
      customer_id: cat.customerId,
      items: [{ product_id: cat.saleProductId, quantity }],
    })
  ).json().data;
  const invoiceId = (await post(`/api/nine/orders/${order.id}/invoice`, {})).json().data.invoice_id as number;
  if (paid !== 'none') {
    const amount = paid === 'full' ? order.total_minor : Math.floor(order.total_minor / 2);
    const res = await post('/api/nine/payments', {
      order_id: order.id,
      method: 'cash',
      amount_minor: amount,
    });
    expect(res.statusCode).toBe(201);
  }
  return { order, invoiceId };
}

const ledgerByGl = async (invoiceIds: number[]) =>
  (
    await q(
      `SELECT gl_code, sum(amount_minor)::int AS s FROM ledger_entries WHERE invoice_id = ANY($1::bigint[]) AND payment_id IS NULL
       GROUP BY gl_code ORDER BY gl_code`,
      [invoiceIds],
    )
  ).rows;

describe('invoice lists', () => {
  let sales: { order: { id: number; total_minor: number; number: number }; invoiceId: number }[];

  beforeAll(async () => {
    sales = [
      await invoicedSale(1, 'full'),
      await invoicedSale(2, 'part'),
      await invoicedSale(3, 'none'),
      await invoicedSale(4, 'none'),
    ];
  });

  it('filters the sale list by balance status, and keeps sale invoices out of the rent list', async () => {
    // The count reads a leaner join than the rows: it must agree with them under every filter.
    const ids = async (query: string) => {
      const { rows, total } = (await get(`/api/nine/invoices/sale?${query}`)).json().data;
      expect(total).toBe(rows.length);
      return (rows as { id: number }[]).map((r) => r.id);
    };
    expect(await ids('balance_status=paid')).toEqual([sales[0]!.invoiceId]);
    expect(await ids('balance_status=partially_paid')).toEqual([sales[1]!.invoiceId]);
    expect(await ids('balance_status=unpaid')).toEqual([sales[3]!.invoiceId, sales[2]!.invoiceId]);
    const rents = (await get('/api/nine/invoices/rents')).json().data;
    expect(rents.total).toBe(0);
  });

  it('answers the spec columns with derived paid and balance', async () => {
    const page = (await get('/api/nine/invoices/sale?balance_status=partially_paid')).json().data;
    const row = page.rows[0];
    // 2 × 1200 = 2400; 10.25 % tax rounded once = 246; paid half of 2646.
    expect(row).toMatchObject({
      type: 'sale',
      status: 'in_progress',
      order_number: sales[1]!.order.number,
      customer: 'Ada Lovelace',
      subtotal_minor: 2400,
      discount_minor: 0,
      tax_minor: 246,
      total_minor: 2646,
      paid_minor: 1323,
      balance_minor: 1323,
      posted_at: null,
    });
    expect(row.in_progress_at).toEqual(expect.any(String));
  });

  it('sorts and pages in SQL', async () => {
    const totals = async (query: string) =>
      ((await get(`/api/nine/invoices/sale?${query}`)).json().data.rows as { total_minor: number }[]).map(
        (r) => r.total_minor,
      );
    expect(await totals('sort=total&sort_type=asc')).toEqual([1323, 2646, 3969, 5292]);
    const balances = (
      (await get('/api/nine/invoices/sale?sort=balance&sort_type=desc')).json().data.rows as {
        balance_minor: number;
      }[]
    ).map((r) => r.balance_minor);
    expect(balances).toEqual([5292, 3969, 1323, 0]);
    const second = (await get('/api/nine/invoices/sale?sort=total&sort_type=asc&page=2&page_size=3')).json()
      .data;
    expect(second).toMatchObject({ total: 4, total_capped: false, page: 2, page_size: 3 });
    expect(second.rows.map((r: { total_minor: number }) => r.total_minor)).toEqual([5292]);
  });

  it('searches by invoice number, order number and customer, and filters by status and dates', async () => {
    const first = sales[0]!;
    const number = (await q('SELECT number FROM invoices WHERE id = $1', [first.invoiceId])).rows[0].number;
    // The count reads a leaner join than the rows: it must agree with them under every filter.
    const ids = async (query: string) => {
      const { rows, total } = (await get(`/api/nine/invoices/sale?${query}`)).json().data;
      expect(total).toBe(rows.length);
      return (rows as { id: number }[]).map((r) => r.id);
    };
    expect(await ids(`search=${number}`)).toEqual([first.invoiceId]);
    expect(await ids(`search=${first.order.number}`)).toEqual([first.invoiceId]);
    expect(await ids('search=lovelace')).toHaveLength(4);
    expect(await ids('search=nobody-here')).toEqual([]);
    expect(await ids('status=posted')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from_date=${today}&to_date=${today}`)).toHaveLength(4);
    expect(await ids('to_date=2020-01-01')).toEqual([]);
  });

  it('refuses an unknown sort or status with 1001, and another location sees none of these invoices', async () => {
    const bad = await get('/api/nine/invoices/sale?sort=secret');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resp_code).toBe(1001);
    expect((await get('/api/nine/invoices/sale?balance_status=owing')).statusCode).toBe(400);
    expect((await get('/api/nine/invoices/sale', bossElsewhere)).json().data.total).toBe(0);
    expect((await get(`/api/nine/invoices/${sales[0]!.invoiceId}`, bossElsewhere)).statusCode).toBe(404);
  });
});

describe('the invoice view', () => {
  it('shows lines, each active tax, the tax comment, payments with their refunds and the balance', async () => {
    const { order, invoiceId } = await invoicedSale(1, 'full');
    const payment = (await q('SELECT id FROM payments WHERE order_id = $1', [order.id])).rows[0].id;
    await q(`UPDATE access_policy SET refund_level1_minor = 100000, refund_level2_minor = 100000`);
    expect(
      (await post(`/api/nine/payments/${payment}/refunds`, { amount_minor: 300, reason: 'scratch' }))
        .statusCode,
    ).toBe(201);
    const view = (await get(`/api/nine/invoices/${invoiceId}`)).json().data;
    expect(view).toMatchObject({
      total_minor: 1323,
      paid_minor: 1023,
      balance_minor: 300,
      refunded_minor: 300,
      customer_detail: { name: 'Ada Lovelace', phone: '+1 555 0100' },
      settings: { tax_comment: 'Tax id 12-345', show_taxes_mode: 'separate', is_tax_included: false },
      actions: { post: true, credit_note: false },
    });
    expect(view.lines).toHaveLength(1);
    // 123 of tax spread by rate: 825 / 1025 and the rest.
    expect(view.taxes).toEqual([
      { name: 'Sales tax', rate_bp: 825, amount_minor: 99 },
      { name: 'City levy', rate_bp: 200, amount_minor: 24 },
    ]);
    expect(view.payments[0]).toMatchObject({ method: 'cash', amount_minor: 1323, refunded_minor: 300 });
    expect(view.payments[0].refunds).toEqual([
      expect.objectContaining({ amount_minor: 300, reason: 'scratch' }),
    ]);
  });

  it('combines or hides the taxes per show_taxes_mode', async () => {
    const { invoiceId } = await invoicedSale(1, 'none');
    try {
      await q(`UPDATE general_settings SET show_taxes_mode = 'combined' WHERE location_id = $1`, [loc]);
      expect((await get(`/api/nine/invoices/${invoiceId}`)).json().data.taxes).toEqual([
        { name: '', rate_bp: 1025, amount_minor: 123 },
      ]);
      await q(`UPDATE general_settings SET show_taxes_mode = 'none' WHERE location_id = $1`, [loc]);
      expect((await get(`/api/nine/invoices/${invoiceId}`)).json().data.taxes).toEqual([]);
    } finally {
      await q(`UPDATE general_settings SET show_taxes_mode = 'separate' WHERE location_id = $1`, [loc]);
    }
  });

  it('answers 404 for an unknown invoice and 400 for a non-numeric id', async () => {
    expect((await get('/api/nine/invoices/999999')).statusCode).toBe(404);
    expect((await get('/api/nine/invoices/12abc')).statusCode).toBe(400);
  });
});

describe('credit notes', () => {
  it('refuses a credit note for an invoice in progress (1500): only posted books are corrected', async () => {
    const { invoiceId } = await invoicedSale(1, 'none');
    const res = await post(`/api/nine/invoices/${invoiceId}/credit-note`, { reason: 'wrong price' });
    expect(res.statusCode).toBe(409);
    expect(res.json().resp_code).toBe(1500);
    expect(
      (await q('SELECT count(*)::int AS n FROM invoices WHERE credits_invoice_id = $1', [invoiceId])).rows[0]
        .n,
    ).toBe(0);
  });

  it('reverses a posted invoice in full, once, with balanced ledger rows, and leaves the original untouched', async () => {
    const { order, invoiceId } = await invoicedSale(2, 'none');
    expect((await post(`/api/nine/invoices/${invoiceId}/post`, {})).statusCode).toBe(200);
    const before = (await q('SELECT * FROM invoices WHERE id = $1', [invoiceId])).rows[0];
    const key = { 'idempotency-key': `credit-${invoiceId}` };
    const res = await post(
      `/api/nine/invoices/${invoiceId}/credit-note`,
      { reason: 'wrong price' },
      { ...boss, ...key },
    );
    expect(res.statusCode).toBe(201);
    const note = res.json().data;
    expect(note).toMatchObject({
      type: 'credit_note',
      status: 'posted',
      subtotal_minor: -2400,
      tax_minor: -246,
      total_minor: -2646,
      balance_minor: -2646,
      credits: { id: invoiceId },
      actions: { post: false, credit_note: false, adhoc_charge: false },
    });
    expect(note.lines.map((l: { total_minor: number }) => l.total_minor)).toEqual([-2646]);
    // The invoice's posting and its reversal cancel out, account by account.
    expect(await ledgerByGl([invoiceId, note.id])).toEqual([
      { gl_code: '1100', s: 0 },
      { gl_code: '2200', s: 0 },
      { gl_code: '4010', s: 0 },
    ]);
    expect((await q('SELECT * FROM invoices WHERE id = $1', [invoiceId])).rows[0]).toEqual(before);
    expect((await q('SELECT total_minor FROM orders WHERE id = $1', [order.id])).rows[0].total_minor).toBe(0);
    const original = (await get(`/api/nine/invoices/${invoiceId}`)).json().data;
    expect(original.credited_by).toEqual({ id: note.id, number: note.number });
    expect(original.actions.credit_note).toBe(false);
    // It shows in the sale list, next to the invoice it corrects.
    const listed = (await get('/api/nine/invoices/sale?type=credit_note')).json().data.rows;
    expect(listed.map((r: { id: number }) => r.id)).toContain(note.id);

    // The same request again replays the first answer; nothing new is written.
    const replay = await post(
      `/api/nine/invoices/${invoiceId}/credit-note`,
      { reason: 'wrong price' },
      { ...boss, ...key },
    );
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(note.id);
    // The same key with another body is refused (1020).
    const reused = await post(
      `/api/nine/invoices/${invoiceId}/credit-note`,
      { reason: 'other' },
      { ...boss, ...key },
    );
    expect(reused.json().resp_code).toBe(1020);
    // A second credit note under a new key: refused, the invoice is already credited (1501).
    const twice = await post(`/api/nine/invoices/${invoiceId}/credit-note`, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().resp_code).toBe(1501);
    // A credit note is not credited itself (1502).
    const ofNote = await post(`/api/nine/invoices/${note.id}/credit-note`, { reason: 'undo' });
    expect(ofNote.statusCode).toBe(422);
    expect(ofNote.json().resp_code).toBe(1502);
    expect(
      (
        await q('SELECT count(*)::int AS n FROM invoices WHERE credits_invoice_id IN ($1, $2)', [
          invoiceId,
          note.id,
        ])
      ).rows[0].n,
    ).toBe(1);
    const unbalanced = await q(
      `SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_minor) <> 0`,
    );
    expect(unbalanced.rows).toEqual([]);
  });

  it('makes one credit note when several clerks credit the same invoice at once', async () => {
    const { invoiceId } = await invoicedSale(1, 'none');
    await post(`/api/nine/invoices/${invoiceId}/post`, {});
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post(
          `/api/nine/invoices/${invoiceId}/credit-note`,
          { reason: `race ${i}` },
          {
            ...boss,
            'idempotency-key': `race-${invoiceId}-${i}`,
          },
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().resp_code === 1501)).toBe(true);
    const notes = await q('SELECT total_minor FROM invoices WHERE credits_invoice_id = $1', [invoiceId]);
    expect(notes.rows).toEqual([{ total_minor: -1323 }]);
  });

  it('needs a reason, the permission to manage financial transactions, and an invoice of this location', async () => {
    const { invoiceId } = await invoicedSale(1, 'none');
    await post(`/api/nine/invoices/${invoiceId}/post`, {});
    const noReason = await post(`/api/nine/invoices/${invoiceId}/credit-note`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().resp_code).toBe(1001);
    const byClerk = await post(`/api/nine/invoices/${invoiceId}/credit-note`, { reason: 'x' }, clerk);
    expect(byClerk.statusCode).toBe(403);
    const elsewhere = await post(
      `/api/nine/invoices/${invoiceId}/credit-note`,
      { reason: 'x' },
      bossElsewhere,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await q('SELECT count(*)::int AS n FROM invoices WHERE credits_invoice_id = $1', [invoiceId])).rows[0]
        .n,
    ).toBe(0);
  });
});

describe('ad-hoc charges', () => {
  it('are refused while the business does not allow add_adhoc_to_order (1503)', async () => {
    await q('UPDATE business_info SET add_adhoc_to_order = false');
    const { invoiceId } = await invoicedSale(1, 'none');
    const res = await post(`/api/nine/invoices/${invoiceId}/adhoc-charges`, {
      description: 'Late return',
      quantity: 1,
      unit_price_minor: 1000,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().resp_code).toBe(1503);
    expect((await get(`/api/nine/invoices/${invoiceId}`)).json().data.actions.adhoc_charge).toBe(false);
  });

  it('become their own taxed invoice on the order (even after posting), once per key, and the order asks for them', async () => {
    await q('UPDATE business_info SET add_adhoc_to_order = true');
    const { order, invoiceId } = await invoicedSale(1, 'full');
    await post(`/api/nine/invoices/${invoiceId}/post`, {});
    expect((await get(`/api/nine/invoices/${invoiceId}`)).json().data.actions.adhoc_charge).toBe(true);
    const body = { description: 'Scratched hull', quantity: 2, unit_price_minor: 1000 };
    const key = { 'idempotency-key': `adhoc-${invoiceId}` };
    const res = await post(`/api/nine/invoices/${invoiceId}/adhoc-charges`, body, { ...clerk, ...key });
    expect(res.statusCode).toBe(201);
    const charge = res.json().data;
    // 2000 + 10.25 % = 205 tax.
    expect(charge).toMatchObject({
      type: 'adhoc',
      status: 'in_progress',
      order_id: order.id,
      subtotal_minor: 2000,
      tax_minor: 205,
      total_minor: 2205,
      balance_minor: 2205,
    });
    expect(charge.lines).toEqual([
      expect.objectContaining({
        description: 'Scratched hull',
        quantity: 2,
        unit_price_minor: 1000,
        total_minor: 2205,
      }),
    ]);
    const replay = await post(`/api/nine/invoices/${invoiceId}/adhoc-charges`, body, { ...clerk, ...key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(charge.id);
    expect(
      (await q(`SELECT count(*)::int AS n FROM invoices WHERE order_id = $1 AND type = 'adhoc'`, [order.id]))
        .rows[0].n,
    ).toBe(1);
    // The posted invoice is unchanged; the order's balance now holds the charge, and paying it lands on it.
    expect((await get(`/api/nine/invoices/${invoiceId}`)).json().data).toMatchObject({
      total_minor: 1323,
      balance_minor: 0,
    });
    const pay = await post(
      '/api/nine/payments',
      { order_id: order.id, method: 'cash', amount_minor: 2205 },
      clerk,
    );
    expect(pay.statusCode).toBe(201);
    expect(pay.json().data).toMatchObject({ invoice_id: charge.id, order_balance_minor: 0 });
    // The charge of a sale order shows in the sale list.
    const listed = (await get('/api/nine/invoices/sale?type=adhoc')).json().data.rows;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([charge.id]);
  });

  it('takes the tax out of the price when taxes are included, by the one rounding rule', async () => {
    await q('UPDATE business_info SET add_adhoc_to_order = true');
    await q('UPDATE general_settings SET is_tax_included = true WHERE location_id = $1', [loc]);
    try {
      const { invoiceId } = await invoicedSale(1, 'none');
      const charge = (
        await post(`/api/nine/invoices/${invoiceId}/adhoc-charges`, {
          description: 'Cleaning',
          quantity: 1,
          unit_price_minor: 1000,
        })
      ).json().data;
      // 1000 holds 10.25 % tax: 1000 − round(1000 / 1.1025) = 1000 − 907 = 93.
      expect(charge).toMatchObject({ subtotal_minor: 907, tax_minor: 93, total_minor: 1000 });
      expect(charge.settings.is_tax_included).toBe(true);
      expect(charge.lines[0]).toMatchObject({ tax_minor: 93, total_minor: 1000 });
    } finally {
      await q('UPDATE general_settings SET is_tax_included = false WHERE location_id = $1', [loc]);
    }
  });

  it('refuses a charge on a cancelled order (1505), on a credit note (1504) and without a description (1001)', async () => {
    await q('UPDATE business_info SET add_adhoc_to_order = true');
    const { order, invoiceId } = await invoicedSale(1, 'none');
    const blank = await post(`/api/nine/invoices/${invoiceId}/adhoc-charges`, {
      description: '',
      quantity: 1,
      unit_price_minor: 5,
    });
    expect(blank.json().resp_code).toBe(1001);
    await q(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order.id]);
    const res = await post(`/api/nine/invoices/${invoiceId}/adhoc-charges`, {
      description: 'Fee',
      quantity: 1,
      unit_price_minor: 500,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().resp_code).toBe(1505);
    const posted = await invoicedSale(1, 'none');
    await post(`/api/nine/invoices/${posted.invoiceId}/post`, {});
    const note = (await post(`/api/nine/invoices/${posted.invoiceId}/credit-note`, { reason: 'void' })).json()
      .data;
    const onNote = await post(`/api/nine/invoices/${note.id}/adhoc-charges`, {
      description: 'Fee',
      quantity: 1,
      unit_price_minor: 500,
    });
    expect(onNote.json().resp_code).toBe(1504);
  });
});

describe('paid per invoice (invoice_settlements)', () => {
  it('always equals the fresh sum of payments less refunds, through payments, refunds, moves and deletes', async () => {
    const { invoiceId: a } = await invoicedSale(3, 'part');
    const { invoiceId: b } = await invoicedSale(2, 'none');
    const fresh = async () =>
      (
        await q(
          `SELECT i.id, s.paid_minor::int AS kept, s.state,
             (coalesce((SELECT sum(p.amount_minor) FROM payments p WHERE p.invoice_id = i.id), 0)
              - coalesce((SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id
                          WHERE p.invoice_id = i.id), 0))::int AS summed
           FROM invoices i JOIN invoice_settlements s ON s.invoice_id = i.id ORDER BY i.id`,
        )
      ).rows as { id: number; kept: number; summed: number; state: string }[];
    const payment = (
      await q(
        `INSERT INTO payments (invoice_id, location_id, method, amount_minor) VALUES ($1, $2, 'cash', 700) RETURNING id`,
        [b, loc],
      )
    ).rows[0].id as number;
    await q(`INSERT INTO refunds (payment_id, amount_minor) VALUES ($1, 200)`, [payment]);
    expect((await fresh()).find((r) => r.id === b)).toMatchObject({
      kept: 500,
      summed: 500,
      state: 'partially_paid',
    });
    // The payment moves to the other invoice with its refund.
    await q(`UPDATE payments SET invoice_id = $1 WHERE id = $2`, [a, payment]);
    expect((await fresh()).find((r) => r.id === b)).toMatchObject({ kept: 0, state: 'unpaid' });
    await q(`DELETE FROM refunds WHERE payment_id = $1`, [payment]);
    await q(`DELETE FROM payments WHERE id = $1`, [payment]);
    for (const row of await fresh()) expect(row.kept).toBe(row.summed);
    // The list filter reads the same state.
    const unpaid = await get('/api/nine/invoices/sale?balance_status=unpaid&page_size=100');
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json().data.rows.map((r: { id: number }) => r.id)).toContain(b);
  });
});
