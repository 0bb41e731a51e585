import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;
let orderId: number;
let itemIds: number[];
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Delivers');
  other = await createLocation(tdb.db, 'Elsewhere');
  cat = await createCatalogue(tdb.db, loc);
  const grants = [
    { resource: 'rent_order', action: 'manage' },
    { resource: 'delivery_report', action: 'manage' },
  ] as const;
  await createUser(tdb.db, { email: 'driver@nine.test', locations: [loc], grants: [...grants] });
  await createUser(tdb.db, { email: 'far@nine.test', locations: [other], grants: [...grants] });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'driver@nine.test')}`, 'location-id': String(loc) };
  otherHeaders = {
    authorization: `Bearer ${await login(app, 'far@nine.test')}`,
    'location-id': String(other),
  };
  await q(
    `INSERT INTO location_activity_settings (location_id, rental_type_id, delivery_availability) VALUES ($1, 1, true)`,
    [loc],
  );
  const order = (
    await app.inject({
      method: 'POST',
      url: '/api/nine/rent-orders',
      headers,
      payload: {
        customer_id: cat.customerId,
        planned_start: '2030-05-02T09:00:00Z',
        planned_finish: '2030-05-09T17:00:00Z',
        items: [{ item_id: cat.itemIds[0] }, { item_id: cat.itemIds[1] }],
      },
    })
  ).json().data;
  orderId = order.id;
  itemIds = order.items.map((item: { id: number }) => item.id);
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const assign = (payload: object) =>
  app.inject({ method: 'POST', url: `/api/nine/rent-orders/${orderId}/deliveries`, headers, payload });
const report = async (query: string, h = headers) =>
  (await app.inject({ method: 'GET', url: `/api/nine/delivery-report?${query}`, headers: h })).json();

describe('delivery report', () => {
  it("lists the day's runs in order with their items, and changes a run's status", async () => {
    expect(
      (
        await assign({
          type: 'pickup',
          scheduled_at: '2030-05-09T16:00:00Z',
          address: '9 Quay',
          zip_code: '75001',
          item_ids: [itemIds[0]],
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await assign({
          type: 'delivery',
          scheduled_at: '2030-05-02T08:00:00Z',
          address: '1 Pier',
          item_ids: itemIds,
        })
      ).statusCode,
    ).toBe(201);
    // A second delivery the same day, earlier.
    expect(
      (
        await assign({
          type: 'delivery',
          scheduled_at: '2030-05-02T07:30:00Z',
          address: '2 Dock',
          zip_code: '75002',
          item_ids: [itemIds[1]],
        })
      ).statusCode,
    ).toBe(201);

    const day = (await report('date=2030-05-02')).data;
    expect(day.map((row: { address: string; no: number }) => [row.no, row.address])).toEqual([
      [1, '2 Dock'],
      [2, '1 Pier'],
    ]);
    expect(day[1]).toMatchObject({
      type: 'delivery',
      status: 'scheduled',
      order: { id: orderId },
      zip_code: null,
    });
    expect(day[1].items).toHaveLength(2);
    expect(day[1].items[0]).toMatchObject({ id: itemIds[0], quantity: 1 });
    expect((await report('date=2030-05-09&type=pickup')).data).toEqual([
      expect.objectContaining({ address: '9 Quay', zip_code: '75001', type: 'pickup' }),
    ]);
    expect((await report('date=2030-05-09&type=delivery')).data).toEqual([]);

    // The status select: the database holds the new status and the audit log says who changed it.
    const target = day[0].id;
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/nine/deliveries/${target}`,
      headers,
      payload: { status: 'out' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ id: target, status: 'out' });
    expect((await q('SELECT status FROM deliveries WHERE id = $1', [target])).rows[0]).toEqual({
      status: 'out',
    });
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'order' AND entity_id = $1 AND action = 'delivery_updated'`,
      [String(orderId)],
    );
    expect(audit.rows).toEqual([{ data: { delivery_id: target, status: 'out' } }]);
    expect((await report('date=2030-05-02&status=out')).data.map((r: { id: number }) => r.id)).toEqual([
      target,
    ]);
  });

  it('refuses an unknown status, and another location neither sees nor changes the runs', async () => {
    const day = (await report('date=2030-05-02')).data;
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/nine/deliveries/${day[0].id}`,
      headers,
      payload: { status: 'lost' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resp_code).toBe(1001);
    expect((await report('date=2030-05-02', otherHeaders)).data).toEqual([]);
    const foreign = await app.inject({
      method: 'PATCH',
      url: `/api/nine/deliveries/${day[0].id}`,
      headers: otherHeaders,
      payload: { status: 'done' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await q('SELECT status FROM deliveries WHERE id = $1', [day[0].id])).rows[0]!.status).toBe('out');
    expect((await app.inject({ method: 'GET', url: '/api/nine/delivery-report', headers })).statusCode).toBe(
      400,
    );
  });
});
