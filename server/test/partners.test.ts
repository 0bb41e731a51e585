import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let headers: Record<string, string>;
let clerkHeaders: Record<string, string>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  const loc = await createLocation(tdb.db, 'Marina');
  await createUser(tdb.db, {
    email: 'deals@nine.test',
    locations: [loc],
    grants: [{ resource: 'coupon', action: 'manage' }],
  });
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [{ resource: 'customer', action: 'any' }],
  });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'deals@nine.test')}`, 'location-id': String(loc) };
  clerkHeaders = {
    authorization: `Bearer ${await login(app, 'clerk@nine.test')}`,
    'location-id': String(loc),
  };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const coupon = {
  code: 'summer-10',
  title: 'Summer 10 %',
  discount_kind: 'percent',
  discount_value: 1000,
  valid_from: '2030-06-01',
  valid_to: '2030-08-31',
};

describe('partners', () => {
  it('creates, lists, updates with its version and deletes a partner with commission rates', async () => {
    const created = await call('POST', '/api/nine/partners', {
      name: 'Harbour Hotel',
      email: 'Desk@Harbour.test',
      commission_rate_bp: 500,
      rates: [{ applies_to: 'rent', rate_bp: 800 }],
    });
    expect(created.statusCode).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({
      name: 'Harbour Hotel',
      email: 'desk@harbour.test',
      commission_rate_bp: 500,
      rates: [{ applies_to: 'rent', rate_bp: 800 }],
      coupons: [],
      version: 1,
    });
    const list = (await call('GET', '/api/nine/partners?search=harbour')).json().data;
    expect(list.rows).toEqual([expect.objectContaining({ id: p.id, coupon_count: 0 })]);

    const update = (version: number) =>
      call('PUT', `/api/nine/partners/${p.id}`, {
        name: 'Harbour Hotel & Spa',
        commission_rate_bp: 600,
        rates: [
          { applies_to: 'sale', rate_bp: 300 },
          { applies_to: 'tour', rate_bp: 1200 },
        ],
        version,
      });
    const updated = await update(1);
    expect(updated.json().data).toMatchObject({
      name: 'Harbour Hotel & Spa',
      email: null,
      version: 2,
      rates: [
        { applies_to: 'sale', rate_bp: 300 },
        { applies_to: 'tour', rate_bp: 1200 },
      ],
    });
    const stale = await update(1);
    expect([stale.statusCode, stale.json().resp_code]).toEqual([409, 1021]);

    const bad = await call('POST', '/api/nine/partners', {
      name: '',
      commission_rate_bp: 10001,
      rates: [
        { applies_to: 'rent', rate_bp: 1 },
        { applies_to: 'rent', rate_bp: 2 },
      ],
    });
    expect(bad.json().resp_code).toBe(1001);
    expect(
      bad
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['commission_rate_bp', 'name', 'rates']);

    expect((await call('DELETE', `/api/nine/partners/${p.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/nine/partners/${p.id}`)).statusCode).toBe(404);
    const audit = await tdb.db.pool.query(
      `SELECT action FROM audit_log WHERE entity_type = 'partner' AND entity_id = $1 ORDER BY id`,
      [String(p.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
  });

  it('keeps coupons per partner: unique codes, validated discounts and dates, versioned edits', async () => {
    const p = (
      await call('POST', '/api/nine/partners', { name: 'Surf Club', commission_rate_bp: 1000 })
    ).json().data;
    const other = (
      await call('POST', '/api/nine/partners', { name: 'Dive Shop', commission_rate_bp: 0 })
    ).json().data;
    const created = await call('POST', `/api/nine/partners/${p.id}/coupons`, coupon);
    expect(created.statusCode).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({
      code: 'SUMMER-10',
      partner_id: p.id,
      commission_bp: null,
      applies_to: 'all',
      auto_apply: false,
      valid_from: '2030-06-01',
      valid_to: '2030-08-31',
      is_active: true,
      version: 1,
    });
    const taken = await call('POST', `/api/nine/partners/${other.id}/coupons`, {
      ...coupon,
      code: 'Summer-10',
    });
    expect([taken.statusCode, taken.json().resp_code]).toEqual([409, 1407]);

    const invalid = await call('POST', `/api/nine/partners/${p.id}/coupons`, {
      ...coupon,
      code: 'X',
      discount_value: 12000,
      valid_to: '2030-05-01',
    });
    expect(
      invalid
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['code', 'discount_value', 'valid_to']);

    const edit = (version: number) =>
      call('PUT', `/api/nine/coupons/${c.id}`, {
        ...coupon,
        discount_kind: 'amount',
        discount_value: 2500,
        commission_bp: 1500,
        applies_to: 'rent',
        auto_apply: true,
        valid_to: null,
        version,
      });
    expect((await edit(1)).json().data).toMatchObject({
      discount_kind: 'amount',
      discount_value: 2500,
      commission_bp: 1500,
      valid_to: null,
      version: 2,
    });
    expect((await edit(1)).json().resp_code).toBe(1021);

    const detail = (await call('GET', `/api/nine/partners/${p.id}`)).json().data;
    expect(detail.coupons.map((x: { code: string }) => x.code)).toEqual(['SUMMER-10']);
    expect((await call('GET', '/api/nine/partners?search=surf')).json().data.rows[0].coupon_count).toBe(1);

    expect((await call('DELETE', `/api/nine/coupons/${c.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/nine/partners/${p.id}`)).json().data.coupons).toEqual([]);
  });

  it('needs the coupon permission: customer rights are not enough', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nine/partners', headers: clerkHeaders });
    expect([res.statusCode, res.json().resp_code]).toEqual([403, 1003]);
    const write = await app.inject({
      method: 'POST',
      url: '/api/nine/partners',
      headers: clerkHeaders,
      payload: { name: 'Sneaky', commission_rate_bp: 0 },
    });
    expect(write.statusCode).toBe(403);
  });
});
