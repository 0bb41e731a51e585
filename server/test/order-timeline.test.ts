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
let boss: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Quay');
  cat = await createCatalogue(tdb.db, loc, { items: 1, saleStock: 100 });
  await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1`, [loc]);
  await q(`UPDATE access_policy SET refund_level1_minor = 100, refund_level2_minor = 100000`);
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'sell_order', action: 'manage' },
      { resource: 'financial_transaction', action: 'change' },
      { resource: 'financial_transaction', action: 'refund' },
    ],
  });
  const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
  await createUser(tdb.db, { email: 'maria@nine.test', locations: [loc], grants: everything });
  await q(`UPDATE users SET access_key_hash = $1 WHERE email = 'maria@nine.test'`, [
    await hashPassword('9999'),
  ]);
  ({ app } = await createTestApp(tdb.db));
  clerk = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
  boss = { authorization: `Bearer ${await login(app, 'maria@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const post = (url: string, payload: object, headers = clerk) =>
  app.inject({ method: 'POST', url, payload, headers });

describe('order timeline', () => {
  it('tells the invoice and credit note numbers and the approver’s name, with the invoice’s own entries', async () => {
    const order = (
      await post('/api/nine/sale-orders', { items: [{ product_id: cat.saleProductId, quantity: 2 }] })
    ).json().data;
    const pay = await post('/api/nine/payments', { order_id: order.id, method: 'card', amount_minor: 1000 });
    expect(pay.statusCode, pay.body).toBe(201);
    const refund = await post(`/api/nine/payments/${pay.json().data.id}/refunds`, {
      amount_minor: 500,
      reason: 'Scratched',
      access_key: '9999',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const invoice = (
      await q('SELECT id, number::int FROM invoices WHERE order_id = $1 AND type <> $2', [order.id, 'adhoc'])
    ).rows[0] as { id: number; number: number };
    expect((await post(`/api/nine/invoices/${invoice.id}/post`, {}, boss)).statusCode).toBe(200);
    const credit = await post(
      `/api/nine/invoices/${invoice.id}/credit-note`,
      { reason: 'Billed twice' },
      boss,
    );
    expect(credit.statusCode, credit.body).toBe(201);

    const detail = await app.inject({
      method: 'GET',
      url: `/api/nine/sale-orders/${order.id}`,
      headers: clerk,
    });
    const timeline = detail.json().data.timeline as {
      action: string;
      user: string;
      data: Record<string, unknown>;
    }[];
    const of = (action: string) => timeline.find((e) => e.action === action);
    expect(of('refund')?.data).toMatchObject({
      amount_minor: 500,
      reason: 'Scratched',
      approver_name: 'maria',
    });
    expect(of('invoice:created')?.data).toMatchObject({ invoice_number: invoice.number });
    expect(of('invoice:posted')).toMatchObject({ user: 'maria', data: { invoice_number: invoice.number } });
    expect(of('invoice:credit_note')?.data).toMatchObject({
      invoice_number: invoice.number,
      credit_note_number: credit.json().data.number,
      reason: 'Billed twice',
    });
    // Oldest first, the invoice's entries among the order's own.
    const actions = timeline.map((e) => e.action);
    expect(actions.indexOf('invoice:posted')).toBeGreaterThan(actions.indexOf('refund'));
    expect(actions.indexOf('invoice:credit_note')).toBeGreaterThan(actions.indexOf('invoice:posted'));
  });
});
