import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceTax } from '@nine/shared/tax';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** A delivery zone's fee is charged (issue #18): in the order's total and balance, billed once, booked. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let headers: Record<string, string>;
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const FEE = 1500;
const TAX_BP = 1000;

interface Order {
  id: number;
  version: number;
  total_minor: number;
  balance_minor: number;
  delivery_fee_minor: number;
  items: { id: number; quantity: number; unit_price_minor: number; discount_minor: number }[];
  price_breakdown: { subtotal_minor: number; tax_minor: number; total_minor: number };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Fees');
  cat = await createCatalogue(tdb.db, loc, { items: 6 });
  await q(`INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', $1, true)`, [TAX_BP]);
  await createUser(tdb.db, {
    email: 'fees@nine.test',
    locations: [loc],
    grants: [
      { resource: 'rent_order', action: 'manage' },
      { resource: 'delivery_report', action: 'manage' },
      { resource: 'financial_transaction', action: 'manage' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'fees@nine.test')}`, 'location-id': String(loc) };
  await q(
    `INSERT INTO location_activity_settings (location_id, rental_type_id, delivery_availability) VALUES ($1, 1, true)`,
    [loc],
  );
  await q(
    `INSERT INTO delivery_zones (location_id, name, zip_codes, fee_minor) VALUES ($1, 'Centre', '{75001}', $2)`,
    [loc, FEE],
  );
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

let nextItem = 0;
async function newOrder(): Promise<Order> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/nine/rent-orders',
    headers,
    payload: {
      customer_id: cat.customerId,
      planned_start: '2030-05-02T09:00:00Z',
      planned_finish: '2030-05-09T17:00:00Z',
      items: [{ item_id: cat.itemIds[nextItem++] }],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const detail = async (id: number): Promise<Order> =>
  (await app.inject({ method: 'GET', url: `/api/nine/rent-orders/${id}`, headers })).json().data;
const deliver = (order: Order, type: 'delivery' | 'pickup' = 'delivery') =>
  app.inject({
    method: 'POST',
    url: `/api/nine/rent-orders/${order.id}/deliveries`,
    headers,
    payload: {
      type,
      scheduled_at: '2030-05-02T08:00:00Z',
      address: '1 Pier',
      zip_code: '75001',
      item_ids: [order.items[0]!.id],
    },
  });
const invoice = async (order: Order): Promise<number> => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/nine/orders/${order.id}/invoice`,
    headers,
    payload: {},
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.invoice_id;
};
const setStatus = (deliveryId: number, status: string) =>
  app.inject({ method: 'PATCH', url: `/api/nine/deliveries/${deliveryId}`, headers, payload: { status } });
const net = (order: Order) =>
  order.items.reduce((sum, i) => sum + i.unit_price_minor * i.quantity - i.discount_minor, 0);
const taxed = (amount: number) => amount + invoiceTax(amount, TAX_BP, false);
const deliveryOf = async (orderId: number): Promise<number> =>
  (await q('SELECT id FROM deliveries WHERE order_id = $1 ORDER BY id DESC LIMIT 1', [orderId])).rows[0].id;
const feeLines = async (orderId: number) =>
  (
    await q(
      `SELECT l.invoice_id, l.delivery_id, l.description, l.quantity, l.unit_price_minor FROM invoice_lines l
       JOIN deliveries d ON d.id = l.delivery_id WHERE d.order_id = $1 ORDER BY l.id`,
      [orderId],
    )
  ).rows;

describe('delivery fees', () => {
  it("raises the order's total and balance by the zone's fee, taxed with the lines", async () => {
    const order = await newOrder();
    expect(order.total_minor).toBe(taxed(net(order)));
    const res = await deliver(order);
    expect(res.statusCode).toBe(201);
    const after: Order = res.json().data;
    expect(after.delivery_fee_minor).toBe(FEE);
    expect(after.total_minor).toBe(taxed(net(order) + FEE));
    expect(after.balance_minor).toBe(after.total_minor);
    expect(after.version).toBeGreaterThan(order.version);
    // The breakdown counts the fee in the subtotal, so its tax is the tax, not the fee.
    expect(after.price_breakdown).toMatchObject({
      subtotal_minor: net(order) + FEE,
      tax_minor: invoiceTax(net(order) + FEE, TAX_BP, false),
      total_minor: after.total_minor,
    });
    // A pick-up in the zone is a trip too: its fee adds up.
    expect((await deliver(order, 'pickup')).statusCode).toBe(201);
    expect((await detail(order.id)).total_minor).toBe(taxed(net(order) + 2 * FEE));
  });

  it('bills the fee once, books it as revenue, and keeps a billed fee from being cancelled', async () => {
    const order = await newOrder();
    await deliver(order);
    const deliveryId = await deliveryOf(order.id);
    const first = await invoice(order);
    expect(await feeLines(order.id)).toEqual([
      {
        invoice_id: first,
        delivery_id: deliveryId,
        description: 'Delivery – Centre',
        quantity: 1,
        unit_price_minor: FEE,
      },
    ]);
    const inv = (await q('SELECT total_minor, tax_minor FROM invoices WHERE id = $1', [first])).rows[0];
    const view = await detail(order.id);
    // The invoice charges what the order asks for: one tax over the lines and the fee.
    expect(inv.total_minor).toBe(view.total_minor);
    expect(inv.tax_minor).toBe(invoiceTax(net(order) + FEE, TAX_BP, false));

    // Invoicing again bills nothing twice.
    expect(await invoice(order)).toBe(first);
    expect(await feeLines(order.id)).toHaveLength(1);

    const posted = await app.inject({ method: 'POST', url: `/api/nine/invoices/${first}/post`, headers });
    expect(posted.statusCode).toBe(200);
    const ledger = (
      await q(
        `SELECT e.gl_code, sum(e.amount_minor)::int AS amount FROM ledger_entries e WHERE e.invoice_id = $1 GROUP BY e.gl_code`,
        [first],
      )
    ).rows as { gl_code: string; amount: number }[];
    expect(ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(0);
    const accounts = (await q('SELECT posting, gl_code FROM gl_system_accounts')).rows as {
      posting: string;
      gl_code: string;
    }[];
    const code = (posting: string) => accounts.find((a) => a.posting === posting)!.gl_code;
    const revenue = ledger
      .filter((r) => r.gl_code !== code('accounts_receivable') && r.gl_code !== code('tax_payable'))
      .reduce((sum, r) => sum + r.amount, 0);
    expect(revenue).toBe(-(net(order) + FEE));

    // A billed fee is fixed: cancelling the delivery would take it off a posted invoice.
    const refused = await setStatus(deliveryId, 'cancelled');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({ reason: 'already_invoiced' });
    expect((await q('SELECT status FROM deliveries WHERE id = $1', [deliveryId])).rows[0].status).toBe(
      'scheduled',
    );
    // Other status moves of a billed delivery are fine.
    expect((await setStatus(deliveryId, 'out')).statusCode).toBe(200);

    // A later delivery's fee goes on a new invoice, alone: the first one is not billed again.
    await deliver(order, 'pickup');
    const second = await invoice(order);
    expect(second).not.toBe(first);
    const lines = (
      await q('SELECT description, delivery_id FROM invoice_lines WHERE invoice_id = $1', [second])
    ).rows;
    expect(lines).toEqual([{ description: 'Pick-up – Centre', delivery_id: await deliveryOf(order.id) }]);
  });

  it("leaves a cancelled delivery's fee out of the total and the invoice", async () => {
    const order = await newOrder();
    await deliver(order);
    const deliveryId = await deliveryOf(order.id);
    expect((await setStatus(deliveryId, 'cancelled')).statusCode).toBe(200);
    let view = await detail(order.id);
    expect(view.total_minor).toBe(taxed(net(order)));
    expect(view.delivery_fee_minor).toBe(0);
    // Brought back, it charges again; cancelled again, it does not.
    expect((await setStatus(deliveryId, 'scheduled')).statusCode).toBe(200);
    expect((await detail(order.id)).total_minor).toBe(taxed(net(order) + FEE));
    expect((await setStatus(deliveryId, 'cancelled')).statusCode).toBe(200);
    view = await detail(order.id);
    expect(view.total_minor).toBe(taxed(net(order)));
    const id = await invoice(order);
    expect(await feeLines(order.id)).toEqual([]);
    expect((await q('SELECT total_minor FROM invoices WHERE id = $1', [id])).rows[0].total_minor).toBe(
      view.total_minor,
    );
  });

  it('keeps an ad-hoc charge on the total when a delivery reprices the order', async () => {
    await q('UPDATE business_info SET add_adhoc_to_order = true WHERE id = 1');
    const order = await newOrder();
    const first = await invoice(order);
    const charged = await app.inject({
      method: 'POST',
      url: `/api/nine/invoices/${first}/adhoc-charges`,
      headers,
      payload: { description: 'Late fee', quantity: 1, unit_price_minor: 700, taxable: false },
    });
    expect(charged.statusCode).toBe(201);
    expect((await detail(order.id)).total_minor).toBe(taxed(net(order)) + 700);
    expect((await deliver(order)).statusCode).toBe(201);
    expect((await detail(order.id)).total_minor).toBe(taxed(net(order) + FEE) + 700);
  });

  it('bills the fee once when two invoices are made at once', async () => {
    const order = await newOrder();
    await deliver(order);
    const made = await Promise.all([invoice(order), invoice(order)]);
    expect(made[0]).toBe(made[1]);
    expect(await feeLines(order.id)).toHaveLength(1);
  });

  it('holds a fee to one billing line, and a line to one source, in the database', async () => {
    const order = await newOrder();
    await deliver(order);
    const deliveryId = await deliveryOf(order.id);
    const invoiceId = await invoice(order);
    await expect(
      q(
        `INSERT INTO invoice_lines (invoice_id, delivery_id, description, quantity, unit_price_minor, total_minor)
         VALUES ($1, $2, 'Again', 1, $3, $3)`,
        [invoiceId, deliveryId, FEE],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'invoice_lines_delivery_key' });
    await expect(
      q(
        `INSERT INTO invoice_lines (invoice_id, order_item_id, delivery_id, description, quantity, unit_price_minor, total_minor)
         VALUES ($1, $2, $3, 'Both', 1, 0, 0)`,
        [invoiceId, order.items[0]!.id, deliveryId],
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'invoice_lines_one_source' });
  });
});
