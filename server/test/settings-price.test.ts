import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { PricePreview, PriceSettings, RentRate } from '@nine/shared/schemas/price-settings';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Price settings of a location (issue #18): rental periods, rates and special pricing, proven on the quote
 * and the order a counter would make, not only on what is stored.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let admin: Record<string, string>;
let viewer: Record<string, string>;
let categoryId: number;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Harbour');
  other = await createLocation(tdb.db, 'Elsewhere');
  cat = await createCatalogue(tdb.db, loc, { items: 6, bulkStock: 50 });
  categoryId = (await q('SELECT category_id FROM products WHERE id = $1', [cat.rentProductId])).rows[0]
    .category_id as number;
  // No taxes: the quote's net is the price.
  await q('UPDATE taxes SET is_active = false');
  await createUser(tdb.db, { email: 'price-admin@nine.test', locations: [loc], grants: everything });
  await createUser(tdb.db, {
    email: 'price-viewer@nine.test',
    locations: [loc],
    grants: [
      { resource: 'pricing', action: 'view' },
      { resource: 'rent_order', action: 'manage' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  admin = {
    authorization: `Bearer ${await login(app, 'price-admin@nine.test')}`,
    'location-id': String(loc),
  };
  viewer = {
    authorization: `Bearer ${await login(app, 'price-viewer@nine.test')}`,
    'location-id': String(loc),
  };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const settings = async () => {
  const res = await call('GET', `/api/nine/price-settings?location_id=${loc}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PriceSettings }>().data;
};
const resCode = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
/** The quote's price of one life jacket (500 a day, no rates) or one kayak (4000 a day). */
async function quote(start: string, finish: string, product: 'bulk' | 'kayak' = 'kayak') {
  const res = await call('POST', '/api/nine/rent-orders/quote', {
    planned_start: start,
    planned_finish: finish,
    items: [
      product === 'bulk' ? { product_id: cat.bulkProductId, quantity: 1 } : { item_id: cat.itemIds[0] },
    ],
  });
  return res;
}
const price = async (start: string, finish: string, product: 'bulk' | 'kayak' = 'kayak') => {
  const res = await quote(start, finish, product);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { lines: { unit_price_minor: number }[]; net_minor: number } }>().data.lines[0]!
    .unit_price_minor;
};
const switches = async (changes: { enforce_using_rental_periods?: boolean; special_pricing?: boolean }) => {
  const { version } = (await settings()).switches.find((s) => s.rental_type_id === 1)!;
  const res = await call('PUT', '/api/nine/price-switches', {
    location_id: loc,
    rental_type_id: 1,
    version,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const noRates = {
  hourly_minor: null,
  daily_minor: null,
  weekly_minor: null,
  first_hour_minor: null,
  extra_hour_minor: null,
  minimum_charge_minor: 0,
};

describe('price settings', () => {
  it('reads empty with the switches off, and prices per started day as before', async () => {
    const data = await settings();
    expect(data).toMatchObject({ location_id: loc, periods: [], rates: [], specials: [] });
    expect(data.switches).toEqual([
      {
        rental_type_id: 1,
        name: 'Rentals',
        enforce_using_rental_periods: false,
        special_pricing: false,
        version: 1,
      },
    ]);
    expect(data.products.map((p) => p.id)).toEqual(
      expect.arrayContaining([cat.rentProductId, cat.bulkProductId]),
    );
    expect(await price('2030-06-03T10:00:00Z', '2030-06-10T10:00:00Z')).toBe(7 * 4000);
    expect(await price('2030-06-03T10:00:00Z', '2030-06-03T12:00:00Z', 'bulk')).toBe(500);
  });

  it('a weekly rate: a 7-day quote costs the week, 8 days a week and a day; the order is priced the same', async () => {
    const created = await call('POST', '/api/nine/rent-rates', {
      location_id: loc,
      product_id: null,
      category_id: categoryId,
      ...noRates,
      weekly_minor: 20_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ category_id: categoryId, weekly_minor: 20_000, version: 1 });
    expect(await price('2030-06-03T10:00:00Z', '2030-06-10T10:00:00Z')).toBe(20_000);
    expect(await price('2030-06-03T10:00:00Z', '2030-06-11T10:00:00Z')).toBe(24_000);
    // The life jacket has no rates: per day as before.
    expect(await price('2030-06-03T10:00:00Z', '2030-06-10T10:00:00Z', 'bulk')).toBe(3500);
    const order = await call('POST', '/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2030-06-03T10:00:00Z',
      planned_finish: '2030-06-10T10:00:00Z',
      items: [{ item_id: cat.itemIds[5] }],
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().data.total_minor).toBe(20_000);
    // A second row for the same category is the unique rule's 409.
    const again = await call('POST', '/api/nine/rent-rates', {
      location_id: loc,
      product_id: null,
      category_id: categoryId,
      ...noRates,
    });
    expect(again.statusCode).toBe(409);
    expect(resCode(again)).toBe(1672);
  });

  it("a product's own rates win over its category's; minimum charge and first hour + extra hours", async () => {
    const created = await call('POST', '/api/nine/rent-rates', {
      location_id: loc,
      product_id: cat.rentProductId,
      category_id: null,
      ...noRates,
      first_hour_minor: 1500,
      extra_hour_minor: 500,
      minimum_charge_minor: 2500,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rate = created.json<{ data: RentRate }>().data;
    expect(rate.scope_name).toContain('Sea kayak');
    // One hour: 1500, raised to the minimum 2500; three hours: 1500 + 2 × 500 = 2500; four: 3000.
    expect(await price('2030-06-03T10:00:00Z', '2030-06-03T11:00:00Z')).toBe(2500);
    expect(await price('2030-06-03T10:00:00Z', '2030-06-03T14:00:00Z')).toBe(3000);
    // The weekly rate was the category's: the product's row has none, a week is 7 days at 4000.
    expect(await price('2030-06-03T10:00:00Z', '2030-06-10T10:00:00Z')).toBe(28_000);
    const gone = await call('DELETE', `/api/nine/rent-rates/${rate.id}?version=${rate.version}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await price('2030-06-03T10:00:00Z', '2030-06-10T10:00:00Z')).toBe(20_000);
  });

  it('special pricing: a weekend uplift applies with the switch on, not with it off', async () => {
    const created = await call('POST', '/api/nine/special-pricing-rules', {
      location_id: loc,
      name: 'Weekend',
      kind: 'weekend',
      category_id: null,
      date_from: null,
      date_to: null,
      adjust_bp: 2500,
      is_active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    // 2030-06-08 is a Saturday: Saturday 10:00 to Sunday 10:00, all weekend.
    const saturday = ['2030-06-08T10:00:00Z', '2030-06-09T10:00:00Z'] as const;
    const tuesday = ['2030-06-04T10:00:00Z', '2030-06-05T10:00:00Z'] as const;
    expect(await price(...saturday, 'bulk')).toBe(500);
    await switches({ special_pricing: true });
    expect(await price(...saturday, 'bulk')).toBe(625);
    expect(await price(...tuesday, 'bulk')).toBe(500);
    const preview = await call('POST', '/api/nine/price-preview', {
      location_id: loc,
      product_id: cat.bulkProductId,
      planned_start: saturday[0],
      planned_finish: saturday[1],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ data: PricePreview }>().data).toMatchObject({
      price_minor: 625,
      base_minor: 500,
      rule: 'per_day',
      rate_source: 'none',
      special_pricing: true,
      adjustments: [
        { name: 'Weekend', kind: 'weekend', adjust_bp: 2500, share_bp: 10_000, amount_minor: 125 },
      ],
    });
    await switches({ special_pricing: false });
    expect(await price(...saturday, 'bulk')).toBe(500);
  });

  it('the preview takes a form’s unsaved rates and special pricing without saving them', async () => {
    const preview = await call(
      'POST',
      '/api/nine/price-preview',
      {
        location_id: loc,
        product_id: cat.bulkProductId,
        planned_start: '2030-06-08T10:00:00Z',
        planned_finish: '2030-06-16T10:00:00Z',
        rates: { ...noRates, weekly_minor: 2000 },
        special_pricing: true,
        specials: [],
      },
      viewer,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ data: PricePreview }>().data).toMatchObject({
      price_minor: 2500,
      rate_source: 'draft',
      parts: [
        { unit: 'week', count: 1, amount_minor: 2000 },
        { unit: 'day', count: 1, amount_minor: 500 },
      ],
      adjustments: [],
    });
    expect((await settings()).rates).toHaveLength(1);
  });

  it('the preview, the quote and the order refuse a period over three years (400 period_too_long)', async () => {
    // Pricing counts weekend and season minutes in constant time, but the weeks a rate combination tries
    // and the booked range still grow with the period: it is bounded where it comes in.
    const period = { planned_start: '2030-06-04T10:00:00Z', planned_finish: '2033-06-05T10:00:00Z' };
    const refused = [
      await call('POST', '/api/nine/price-preview', {
        location_id: loc,
        product_id: cat.bulkProductId,
        ...period,
        specials: [
          {
            name: 'Weekend',
            kind: 'weekend',
            category_id: null,
            date_from: null,
            date_to: null,
            adjust_bp: 2500,
            is_active: true,
          },
        ],
      }),
      await quote(period.planned_start, period.planned_finish),
      await call('POST', '/api/nine/rent-orders', {
        customer_id: cat.customerId,
        ...period,
        items: [{ item_id: cat.itemIds[4] }],
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.issues).toEqual([
        expect.objectContaining({ path: 'planned_finish', message: 'period_too_long' }),
      ]);
    }
    // Three years to the day (2032 is a leap year) is still priced.
    const longest = await call('POST', '/api/nine/price-preview', {
      location_id: loc,
      product_id: cat.bulkProductId,
      planned_start: period.planned_start,
      planned_finish: '2033-06-04T10:00:00Z',
    });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(longest.json<{ data: PricePreview }>().data.base_minor).toBe(1096 * 500);
  });

  it('enforce_using_rental_periods refuses a length that is none of the active periods (1670)', async () => {
    for (const body of [
      { name: '4 hours', unit: 'hour', count: 4, sort: 1, is_active: true },
      { name: '1 day', unit: 'day', count: 1, sort: 2, is_active: true },
      { name: '1 week', unit: 'week', count: 1, sort: 3, is_active: false },
    ]) {
      const res = await call('POST', '/api/nine/rental-periods', { location_id: loc, ...body });
      expect(res.statusCode, res.body).toBe(201);
    }
    const taken = await call('POST', '/api/nine/rental-periods', {
      location_id: loc,
      name: 'Half day',
      unit: 'hour',
      count: 4,
      sort: 0,
      is_active: true,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ resp_code: 1671, data: { reason: 'length_taken' } });
    // Off: any length.
    expect((await quote('2030-06-04T10:00:00Z', '2030-06-04T15:00:00Z')).statusCode).toBe(200);
    await switches({ enforce_using_rental_periods: true });
    const refused = await quote('2030-06-04T10:00:00Z', '2030-06-04T15:00:00Z');
    expect(refused.statusCode).toBe(422);
    expect(resCode(refused)).toBe(1670);
    expect(refused.json().data.periods.map((p: { name: string }) => p.name)).toEqual(['4 hours', '1 day']);
    const order = await call('POST', '/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2030-06-04T10:00:00Z',
      planned_finish: '2030-06-11T10:00:00Z',
      items: [{ item_id: cat.itemIds[4] }],
    });
    expect(order.statusCode).toBe(422);
    expect(resCode(order)).toBe(1670);
    expect((await quote('2030-06-04T10:00:00Z', '2030-06-04T14:00:00Z')).statusCode).toBe(200);
    expect((await quote('2030-06-04T10:00:00Z', '2030-06-05T10:00:00Z')).statusCode).toBe(200);
    const preview = await call('POST', '/api/nine/price-preview', {
      location_id: loc,
      product_id: cat.rentProductId,
      planned_start: '2030-06-04T10:00:00Z',
      planned_finish: '2030-06-04T15:00:00Z',
    });
    expect(preview.json().data).toMatchObject({
      enforce_using_rental_periods: true,
      rental_period: null,
      allowed: false,
    });
    await switches({ enforce_using_rental_periods: false });
    expect((await quote('2030-06-04T10:00:00Z', '2030-06-04T15:00:00Z')).statusCode).toBe(200);
  });

  it('refuses a stale version with 409, and of two parallel saves from one version one wins', async () => {
    const [period] = (await settings()).periods;
    const body = { name: period!.name, unit: period!.unit, count: period!.count, sort: 5, is_active: true };
    const saves = await Promise.all(
      [1, 2].map((n) =>
        call('PUT', `/api/nine/rental-periods/${period!.id}`, {
          ...body,
          sort: 10 + n,
          version: period!.version,
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stale = await call('PUT', `/api/nine/rental-periods/${period!.id}`, {
      ...body,
      version: period!.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual({ version: period!.version + 1 });
    const rate = (await settings()).rates[0]!;
    const rateBody = { ...noRates, weekly_minor: 21_000 };
    const rateSaves = await Promise.all(
      [1, 2].map(() =>
        call('PUT', `/api/nine/rent-rates/${rate.id}`, { ...rateBody, version: rate.version }),
      ),
    );
    expect(rateSaves.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1 AND action = 'updated'`,
      [`rent_rates:${rate.id}`],
    );
    expect(audit.rows.map((r) => r.data)).toEqual([
      { old: { weekly_minor: 20_000 }, new: { weekly_minor: 21_000 } },
    ]);
  });

  it('edits a season rule, validates its dates, and deletes it', async () => {
    const bad = await call('POST', '/api/nine/special-pricing-rules', {
      location_id: loc,
      name: 'Summer',
      kind: 'season',
      category_id: null,
      date_from: '2030-08-31',
      date_to: '2030-07-01',
      adjust_bp: 1000,
      is_active: true,
    });
    expect(bad.statusCode).toBe(400);
    const created = await call('POST', '/api/nine/special-pricing-rules', {
      location_id: loc,
      name: 'Summer',
      kind: 'season',
      category_id: categoryId,
      date_from: '2030-07-01',
      date_to: '2030-08-31',
      adjust_bp: -1000,
      is_active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = created.json().data;
    expect(rule).toMatchObject({ date_from: '2030-07-01', date_to: '2030-08-31', adjust_bp: -1000 });
    const edited = await call('PUT', `/api/nine/special-pricing-rules/${rule.id}`, {
      version: rule.version,
      name: 'Summer',
      kind: 'season',
      category_id: categoryId,
      date_from: '2030-07-01',
      date_to: '2030-09-15',
      adjust_bp: -1000,
      is_active: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ date_to: '2030-09-15', version: rule.version + 1 });
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1 AND action = 'updated'`,
      [`special_pricing_rules:${rule.id}`],
    );
    expect(audit.rows.map((r) => Object.keys(r.data.new))).toEqual([['date_to']]);
    const dup = await call('POST', '/api/nine/special-pricing-rules', {
      location_id: loc,
      name: 'Summer',
      kind: 'weekend',
      category_id: null,
      date_from: null,
      date_to: null,
      adjust_bp: 1000,
      is_active: false,
    });
    expect(resCode(dup)).toBe(1673);
    const gone = await call('DELETE', `/api/nine/special-pricing-rules/${rule.id}?version=${rule.version}`);
    expect(gone.statusCode).toBe(409);
    const deleted = await call(
      'DELETE',
      `/api/nine/special-pricing-rules/${rule.id}?version=${rule.version + 1}`,
    );
    expect(deleted.statusCode).toBe(200);
  });

  it('reads with pricing view, changes only with pricing change, and not at another location', async () => {
    expect(
      (await call('GET', `/api/nine/price-settings?location_id=${loc}`, undefined, viewer)).statusCode,
    ).toBe(200);
    const body = { location_id: loc, name: 'Viewer', unit: 'day', count: 3, sort: 0, is_active: true };
    expect((await call('POST', '/api/nine/rental-periods', body, viewer)).statusCode).toBe(403);
    expect((await call('GET', `/api/nine/price-settings?location_id=${other}`)).statusCode).toBe(403);
    expect((await call('POST', '/api/nine/rental-periods', { ...body, location_id: other })).statusCode).toBe(
      403,
    );
    const sale = await call('POST', '/api/nine/rent-rates', {
      location_id: loc,
      product_id: cat.saleProductId,
      category_id: null,
      ...noRates,
    });
    expect(sale.statusCode).toBe(400);
  });
});
