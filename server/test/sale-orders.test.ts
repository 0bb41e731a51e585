import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// A quick sale from the counter to its end: paid through the one payments endpoint, closed by the
// payment (close_sale_order = on_full_payment) or by the CLOSE event (manual), its lines then sold.

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let clerk: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Kiosk');
  cat = await createCatalogue(tdb.db, loc, { saleStock: 100 });
  // Card payments: the test is about closing, not about which drawer cash lands in.
  await q(`UPDATE general_settings SET allow_staff_credit_card_entry = true WHERE location_id = $1`, [loc]);
  await createUser(tdb.db, {
    email: 'counter@nine.test',
    locations: [loc],
    grants: [
      { resource: 'sell_order', action: 'view' },
      { resource: 'sell_order', action: 'change' },
      { resource: 'financial_transaction', action: 'change' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  clerk = { authorization: `Bearer ${await login(app, 'counter@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const setCloseSaleOrder = (mode: 'manual' | 'on_full_payment') =>
  q(
    `INSERT INTO activity_settings (location_id, rental_type_id, close_sale_order) VALUES ($1, 1, $2)
     ON CONFLICT (location_id, rental_type_id) DO UPDATE SET close_sale_order = $2`,
    [loc, mode],
  );

const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: clerk });
const view = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/nine/sale-orders/${id}`, headers: clerk })).json().data;

/** A quick sale of two bottles, paid in full by card. */
async function paidSale() {
  const created = await post('/api/nine/sale-orders', {
    items: [{ product_id: cat.saleProductId, quantity: 2 }],
  });
  expect(created.statusCode).toBe(201);
  const sale = created.json().data;
  expect(sale).toMatchObject({ status: 'open', type: 'sale' });
  expect(sale.items.map((i: { status: string }) => i.status)).toEqual(['pending']);
  const paid = await post('/api/nine/payments', {
    order_id: sale.id,
    method: 'card',
    amount_minor: sale.total_minor,
    reference: '4242',
  });
  expect(paid.statusCode).toBe(201);
  return { sale, payment: paid.json().data };
}

describe('quick sale to closed', () => {
  it('closes a sale paid in full by itself under on_full_payment, its lines sold and its invoice posted', async () => {
    await setCloseSaleOrder('on_full_payment');
    const { sale, payment } = await paidSale();
    expect(payment).toMatchObject({ order_status: 'closed', order_balance_minor: 0 });
    const after = await view(sale.id);
    expect(after.status).toBe('closed');
    expect(after.closed_at).not.toBeNull();
    expect(after.items.map((i: { status: string }) => i.status)).toEqual(['sold']);
    expect(after.allowed_events).toEqual([]);
    const invoices = await q(`SELECT status FROM invoices WHERE order_id = $1`, [sale.id]);
    expect(invoices.rows.map((r) => r.status)).toEqual(['posted']);
  });

  it('leaves a paid sale open under manual closing, and one CLOSE at its version ends it with its lines sold', async () => {
    await setCloseSaleOrder('manual');
    const { sale, payment } = await paidSale();
    expect(payment.order_status).toBe('open');
    const open = await view(sale.id);
    // Taking the payment did not move the order's version: the version the counter holds still closes it.
    expect(open.version).toBe(sale.version);
    expect(open.allowed_events).toContainEqual({ type: 'CLOSE' });
    expect(open.items.map((i: { status: string }) => i.status)).toEqual(['pending']);

    const closed = await post(`/api/nine/sale-orders/${sale.id}/events`, {
      type: 'CLOSE',
      version: sale.version,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.status).toBe('closed');
    const after = await view(sale.id);
    expect(after.items.map((i: { status: string }) => i.status)).toEqual(['sold']);
    const rows = await q(`SELECT status::text FROM order_items WHERE order_id = $1`, [sale.id]);
    expect(rows.rows).toEqual([{ status: 'sold' }]);
  });
});
