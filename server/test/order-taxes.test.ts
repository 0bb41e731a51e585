import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { OrderDetail } from '@nine/shared/schemas/orders';
import type { PriceBreakdown } from '@nine/shared/tax';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// What receipts and the create-order review are built from: the order view's and the quote's breakdown.
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let cat: CatalogueFixture;
let headers: Record<string, string>;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const period = { planned_start: '2032-05-10T09:00:00Z', planned_finish: '2032-05-11T09:00:00Z' };

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Quay');
  cat = await createCatalogue(tdb.db, loc, { items: 3 });
  // The demo's taxes: one active at 8.25 %, one retired.
  await q(
    `INSERT INTO taxes (name, rate_bp, is_active) VALUES ('Sales tax', 825, true), ('Tourism levy', 200, false)`,
  );
  // 42.00 a day for a kayak and 2 × 5.00 for life jackets: a net of 52.00 for one day.
  await q('UPDATE products SET price_minor = 4200 WHERE id = $1', [cat.rentProductId]);
  await createUser(tdb.db, { email: 'taxes@nine.test', locations: [loc], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'taxes@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const items = () => [{ item_id: cat.itemIds[0]! }, { product_id: cat.bulkProductId, quantity: 2 }];

describe('the tax on an order, as receipts and reviews show it', () => {
  it('quotes a net of 52.00 with 8.25% added: Sales tax 4.29, total 56.29', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/rent-orders/quote',
      headers,
      payload: { ...period, items: items() },
    });
    expect(res.statusCode).toBe(200);
    const quote = res.json<{ data: { total_minor: number; price_breakdown: PriceBreakdown } }>().data;
    expect(quote.total_minor).toBe(5629);
    expect(quote.price_breakdown).toMatchObject({
      is_tax_included: false,
      show_taxes_mode: 'separate',
      subtotal_minor: 5200,
      discount_minor: 0,
      tax_minor: 429,
      total_minor: 5629,
      taxes: [{ name: 'Sales tax', rate_bp: 825, amount_minor: 429 }],
    });
  });

  it('gives the order view the same breakdown, line by line, matching the total it charges', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/nine/rent-orders',
      headers,
      payload: { ...period, customer_id: cat.customerId, items: items() },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json<{ data: OrderDetail }>().data;
    const b = order.price_breakdown;
    expect(b.total_minor).toBe(order.total_minor);
    expect(b).toMatchObject({ subtotal_minor: 5200, tax_minor: 429, total_minor: 5629 });
    expect(b.lines.map((l) => l.id)).toEqual(order.items.map((i) => i.id));
    expect(b.lines.reduce((s, l) => s + l.amount_minor, 0)).toBe(b.subtotal_minor);
  });

  it('takes line discounts off before the tax, and follows is_tax_included and show_taxes_mode', async () => {
    const sale = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/nine/sale-orders',
        headers,
        // 3 × 12.00 − 4.00 = 32.00 net.
        payload: { items: [{ product_id: cat.saleProductId, quantity: 3, discount_minor: 400 }] },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ data: OrderDetail }>().data;
    };
    const added = await sale();
    // 32.00 × 8.25% = 2.64 → 34.64.
    expect(added.price_breakdown).toMatchObject({
      subtotal_minor: 3600,
      discount_minor: 400,
      tax_minor: 264,
      total_minor: 3464,
    });
    expect(added.total_minor).toBe(3464);

    await q(
      `UPDATE general_settings SET is_tax_included = true, show_taxes_mode = 'combined' WHERE location_id = $1`,
      [loc],
    );
    const included = await sale();
    // Prices hold the tax: 32.00 − round(32.00 / 1.0825) = 2.44 of it, and the total stays 32.00.
    expect(included.total_minor).toBe(3200);
    expect(included.price_breakdown).toMatchObject({
      is_tax_included: true,
      show_taxes_mode: 'combined',
      subtotal_minor: 3600,
      discount_minor: 400,
      tax_minor: 244,
      total_minor: 3200,
      taxes: [{ name: 'Sales tax', rate_bp: 825, amount_minor: 244 }],
    });

    await q(`UPDATE general_settings SET show_taxes_mode = 'none' WHERE location_id = $1`, [loc]);
    const res = await app.inject({ method: 'GET', url: `/api/nine/sale-orders/${included.id}`, headers });
    expect(res.json<{ data: OrderDetail }>().data.price_breakdown.taxes).toEqual([]);
  });
});
