import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { DeliverySettings, DeliveryWindow, DeliveryZone } from '@nine/shared/schemas/delivery-settings';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** Delivery settings of a location (issue #18): zones, fees, windows, availability, and what they change. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let admin: Record<string, string>;
let clerk: Record<string, string>;
let orders: { id: number; itemId: number }[];

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Docks');
  other = await createLocation(tdb.db, 'Faraway');
  // Madrid: wall-clock times differ from UTC (CEST, UTC+2 in May), so windows really use the zone.
  await q(`UPDATE locations SET time_zone = 'Europe/Madrid' WHERE id = $1`, [loc]);
  cat = await createCatalogue(tdb.db, loc, { items: 8 });
  await createUser(tdb.db, { email: 'dlv-admin@nine.test', locations: [loc], grants: everything });
  await createUser(tdb.db, {
    email: 'dlv-clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'delivery_setting', action: 'view' },
      { resource: 'rent_order', action: 'manage' },
    ],
  });
  ({ app } = await createTestApp(tdb.db));
  admin = { authorization: `Bearer ${await login(app, 'dlv-admin@nine.test')}`, 'location-id': String(loc) };
  clerk = { authorization: `Bearer ${await login(app, 'dlv-clerk@nine.test')}`, 'location-id': String(loc) };
  // One order per item, so parallel schedules do not queue on one order's lock.
  orders = [];
  for (const itemId of cat.itemIds) {
    const res = await call('POST', '/api/nine/rent-orders', {
      customer_id: cat.customerId,
      planned_start: '2030-05-02T09:00:00Z',
      planned_finish: '2030-05-09T17:00:00Z',
      items: [{ item_id: itemId }],
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    orders.push({ id: order.id, itemId: order.items[0].id });
  }
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) {
  return app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}
const settings = async () => {
  const res = await call('GET', `/api/nine/delivery-settings?location_id=${loc}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: DeliverySettings }>().data;
};
const resCode = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;
const schedule = (n: number, scheduled_at: string, zip_code?: string) =>
  call('POST', `/api/nine/rent-orders/${orders[n]!.id}/deliveries`, {
    type: 'delivery',
    scheduled_at,
    address: '1 Pier',
    ...(zip_code === undefined ? {} : { zip_code }),
    item_ids: [orders[n]!.itemId],
  });
const zone = (body: object) => call('POST', '/api/nine/delivery-zones', { location_id: loc, ...body });

describe('delivery availability', () => {
  it('reads as off (version 1) until saved; off refuses a delivery with 403 as before', async () => {
    const data = await settings();
    expect(data).toMatchObject({ location_id: loc, time_zone: 'Europe/Madrid', zones: [], windows: [] });
    expect(data.availability).toEqual([{ rental_type_id: 1, name: 'Rentals', delivers: false, version: 1 }]);
    const refused = await schedule(0, '2030-05-02T07:30:00Z', '75001');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toEqual({ reason: 'location_does_not_deliver' });
  });

  it('switches on per rental type, refuses a stale version, and needs the right at the location', async () => {
    const body = { location_id: loc, rental_type_id: 1, delivers: true, version: 1 };
    expect((await call('PUT', '/api/nine/delivery-availability', body, clerk)).statusCode).toBe(403);
    const saved = await call('PUT', '/api/nine/delivery-availability', body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ rental_type_id: 1, name: 'Rentals', delivers: true, version: 2 });
    const stale = await call('PUT', '/api/nine/delivery-availability', { ...body, delivers: false });
    expect(stale.statusCode).toBe(409);
    const foreign = await call('PUT', '/api/nine/delivery-availability', { ...body, location_id: other });
    expect(foreign.statusCode).toBe(403);
    const audited = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [`location_activity_settings:${loc}:1`],
    );
    expect(audited.rows[0]?.data).toEqual({
      old: { delivery_availability: false },
      new: { delivery_availability: true },
    });
  });

  it('without zones or windows, schedules as before: any zip, any time, no fee', async () => {
    const res = await schedule(0, '2030-05-02T03:00:00Z', 'zz 999');
    expect(res.statusCode).toBe(201);
    const { rows } = await q(`SELECT zone_id, fee_minor FROM deliveries WHERE order_id = $1`, [
      orders[0]!.id,
    ]);
    expect(rows).toEqual([{ zone_id: null, fee_minor: 0 }]);
  });
});

describe('delivery zones', () => {
  let centre: DeliveryZone;

  it('creates a zone with normalised zip codes, and refuses bad input with 400', async () => {
    const res = await zone({
      name: 'Centre',
      zip_codes: 'sw1a 1aa, 75001;75002\n75001',
      fee_minor: 500,
      min_order_minor: 0,
      is_active: true,
    });
    expect(res.statusCode).toBe(201);
    centre = res.json().data;
    expect(centre).toMatchObject({ location_id: loc, zip_codes: ['SW1A1AA', '75001', '75002'], version: 1 });
    const base = { name: 'Bad', zip_codes: '1', fee_minor: 0, min_order_minor: 0, is_active: true };
    for (const bad of [
      { zip_codes: ' , ' },
      { zip_codes: '75$01' },
      { fee_minor: -1 },
      { fee_minor: 100_000_000_001 },
      { name: '' },
    ])
      expect((await zone({ ...base, ...bad })).statusCode).toBe(400);
  });

  it('refuses a taken name and a zip code of another active zone (409), and allows it in an inactive zone', async () => {
    const base = { zip_codes: '99999', fee_minor: 0, min_order_minor: 0, is_active: true };
    const named = await zone({ ...base, name: 'Centre' });
    expect(named.statusCode).toBe(409);
    expect(resCode(named)).toBe(1644);
    const taken = await zone({ ...base, name: 'Suburbs', zip_codes: '75100, 75 002' });
    expect(taken.statusCode).toBe(409);
    expect(resCode(taken)).toBe(1643);
    expect(taken.json().resp_message).toContain('75002');
    const dormant = await zone({ ...base, name: 'Suburbs', zip_codes: '75100, 75002', is_active: false });
    expect(dormant.statusCode).toBe(201);
    const woken = await call('PUT', `/api/nine/delivery-zones/${dormant.json().data.id}`, {
      ...base,
      name: 'Suburbs',
      zip_codes: '75100, 75002',
      version: 1,
    });
    expect(resCode(woken)).toBe(1643);
    // Another location may use the same zip codes.
    await q(`INSERT INTO delivery_zones (location_id, name, zip_codes) VALUES ($1, 'Centre', '{75001}')`, [
      other,
    ]);
  });

  it('refuses one zip code in two active zones created in parallel', async () => {
    for (let round = 0; round < 3; round++) {
      const body = (name: string) => ({
        name: `${name}${round}`,
        zip_codes: `8800${round}`,
        fee_minor: 0,
        min_order_minor: 0,
        is_active: true,
      });
      const answers = await Promise.all([zone(body('East')), zone(body('West'))]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const { rows } = await q(
        `SELECT count(*)::int AS n FROM delivery_zones WHERE location_id = $1 AND $2 = ANY(zip_codes)`,
        [loc, `8800${round}`],
      );
      expect(rows[0].n).toBe(1);
    }
  });

  it('holds the rule in the database itself: a second transaction waits for the first, then is refused', async () => {
    // The API's writes already queue on the settings revision; two raw transactions show the trigger's own lock.
    const first = await tdb.db.pool.connect();
    const second = await tdb.db.pool.connect();
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      await first.query(
        `INSERT INTO delivery_zones (location_id, name, zip_codes) VALUES ($1, 'Raw A', '{77001}')`,
        [loc],
      );
      const racing = second
        .query(`INSERT INTO delivery_zones (location_id, name, zip_codes) VALUES ($1, 'Raw B', '{77001}')`, [
          loc,
        ])
        .then(
          () => 'inserted',
          (err: { code?: string; constraint?: string }) => `${err.code}:${err.constraint}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await first.query('COMMIT');
      expect(await racing).toBe('23505:delivery_zones_zip_taken');
    } finally {
      await second.query('ROLLBACK');
      first.release();
      second.release();
    }
    await q(`DELETE FROM delivery_zones WHERE name = 'Raw A'`);
  });

  it('edits a zone with its version; a stale version is 409; no right or a foreign location is 403', async () => {
    const edit = { name: 'Centre', zip_codes: '75001, 75002, SW1A 1AA', fee_minor: 750, min_order_minor: 0 };
    const saved = await call('PUT', `/api/nine/delivery-zones/${centre.id}`, {
      ...edit,
      is_active: true,
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ fee_minor: 750, version: 2 });
    // The web form sends its parsed list; it is normalised the same way.
    const asList = await call('PUT', `/api/nine/delivery-zones/${centre.id}`, {
      ...edit,
      zip_codes: ['75001', '75002', 'sw1a 1aa'],
      is_active: true,
      version: 2,
    });
    expect(asList.json().data).toMatchObject({ zip_codes: ['75001', '75002', 'SW1A1AA'], version: 2 });
    const stale = await call('PUT', `/api/nine/delivery-zones/${centre.id}`, {
      ...edit,
      is_active: true,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toEqual({ version: 2 });
    const body = { ...edit, is_active: true, version: 2 };
    expect((await call('PUT', `/api/nine/delivery-zones/${centre.id}`, body, clerk)).statusCode).toBe(403);
    expect(
      (await zone({ ...edit, name: 'Mine', zip_codes: '1', is_active: true, location_id: undefined }))
        .statusCode,
    ).toBe(400);
    const foreign = await call('POST', '/api/nine/delivery-zones', {
      ...edit,
      is_active: true,
      location_id: other,
    });
    expect(foreign.statusCode).toBe(403);
    expect((await call('GET', `/api/nine/delivery-settings?location_id=${other}`)).statusCode).toBe(403);
    // The clerk reads (the screen shows it read-only).
    expect(
      (await call('GET', `/api/nine/delivery-settings?location_id=${loc}`, undefined, clerk)).statusCode,
    ).toBe(200);
  });

  it('schedules only to zip codes of an active zone, records the fee, and shows it on the report', async () => {
    const outside = await schedule(1, '2030-05-02T07:30:00Z', '12345');
    expect(outside.statusCode).toBe(422);
    expect(resCode(outside)).toBe(1640);
    expect(outside.json().resp_message).toContain('12345');
    expect((await schedule(1, '2030-05-02T07:30:00Z', '')).statusCode).toBe(400);
    const inside = await schedule(1, '2030-05-02T07:30:00Z', 'sw1a 1aa');
    expect(inside.statusCode).toBe(201);
    const { rows } = await q(`SELECT zone_id, fee_minor FROM deliveries WHERE order_id = $1`, [
      orders[1]!.id,
    ]);
    expect(rows).toEqual([{ zone_id: centre.id, fee_minor: 750 }]);
    const report = await call('GET', '/api/nine/delivery-report?date=2030-05-02');
    expect(report.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          order: expect.objectContaining({ id: orders[1]!.id }),
          zone: 'Centre',
          fee_minor: 750,
        }),
      ]),
    );
  });

  it("refuses an order below the zone's minimum", async () => {
    await q(`UPDATE delivery_zones SET min_order_minor = 100000000 WHERE id = $1`, [centre.id]);
    const low = await schedule(1, '2030-05-02T07:30:00Z', '75001');
    expect(resCode(low)).toBe(1645);
    await q(`UPDATE delivery_zones SET min_order_minor = 0 WHERE id = $1`, [centre.id]);
  });
});

describe('delivery windows', () => {
  let morning: DeliveryWindow;
  const window = (body: object) => call('POST', '/api/nine/delivery-windows', { location_id: loc, ...body });

  it('creates, edits and refuses bad or stale windows', async () => {
    // Thursday 09:00-12:00 Madrid time, at most two deliveries.
    const res = await window({ weekday: 4, starts: '09:00', ends: '12:00', capacity: 2 });
    expect(res.statusCode).toBe(201);
    morning = res.json().data;
    expect(morning).toMatchObject({ weekday: 4, starts: '09:00', ends: '12:00', capacity: 2, version: 1 });
    expect((await window({ weekday: 4, starts: '12:00', ends: '09:00', capacity: null })).statusCode).toBe(
      400,
    );
    expect((await window({ weekday: 7, starts: '09:00', ends: '10:00', capacity: null })).statusCode).toBe(
      400,
    );
    expect((await window({ weekday: 4, starts: '09:00', ends: '10:00', capacity: 0 })).statusCode).toBe(400);
    const noRight = await call(
      'POST',
      '/api/nine/delivery-windows',
      { location_id: loc, weekday: 1, starts: '09:00', ends: '10:00', capacity: null },
      clerk,
    );
    expect(noRight.statusCode).toBe(403);
    const edited = await call('PUT', `/api/nine/delivery-windows/${morning.id}`, {
      weekday: 4,
      starts: '09:00',
      ends: '12:30',
      capacity: 2,
      version: 1,
    });
    expect(edited.json().data).toMatchObject({ ends: '12:30', version: 2 });
    const stale = await call('PUT', `/api/nine/delivery-windows/${morning.id}`, {
      weekday: 4,
      starts: '09:00',
      ends: '12:00',
      capacity: 2,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('schedules only inside a window of the local weekday', async () => {
    // 08:00 in Madrid (06:00Z): before the window; Friday: no window.
    const early = await schedule(2, '2030-05-02T06:00:00Z', '75001');
    expect(early.statusCode).toBe(422);
    expect(resCode(early)).toBe(1641);
    expect(resCode(await schedule(2, '2030-05-03T08:00:00Z', '75001'))).toBe(1641);
    // 09:30 in Madrid.
    expect((await schedule(2, '2030-05-02T07:30:00Z', '75001')).statusCode).toBe(201);
  });

  it("never exceeds a window's capacity, even with parallel schedules", async () => {
    // Orders 1 and 2 already have a delivery in Thursday's morning window (capacity 2): make room for two more.
    await call('PUT', `/api/nine/delivery-windows/${morning.id}`, {
      weekday: 4,
      starts: '09:00',
      ends: '12:30',
      capacity: 4,
      version: 2,
    });
    const answers = await Promise.all(
      [3, 4, 5, 6, 7].map((n) => schedule(n, '2030-05-02T08:15:00Z', '75001')),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => resCode(r) === 1642)).toBe(true);
    const { rows } = await q(
      `SELECT count(*)::int AS n FROM deliveries WHERE location_id = $1 AND scheduled_at >= '2030-05-02T07:00Z' AND scheduled_at < '2030-05-02T10:30Z'`,
      [loc],
    );
    expect(rows[0].n).toBe(4);
  });

  it('deletes a window (audited); with none left any time is accepted again', async () => {
    const extra = (await settings()).windows.filter((w) => w.id !== morning.id);
    for (const w of extra)
      expect(
        (await call('DELETE', `/api/nine/delivery-windows/${w.id}?version=${w.version}`)).statusCode,
      ).toBe(200);
    const current = (await settings()).windows.find((w) => w.id === morning.id)!.version;
    expect(
      (await call('DELETE', `/api/nine/delivery-windows/${morning.id}?version=${current}`, undefined, clerk))
        .statusCode,
    ).toBe(403);
    // From a screen that showed an older version: refused, the window stays.
    expect(
      (await call('DELETE', `/api/nine/delivery-windows/${morning.id}?version=${current - 1}`)).statusCode,
    ).toBe(409);
    const res = await call('DELETE', `/api/nine/delivery-windows/${morning.id}?version=${current}`);
    expect(res.json().data).toEqual({ id: morning.id });
    expect(
      (await call('DELETE', `/api/nine/delivery-windows/${morning.id}?version=${current}`)).statusCode,
    ).toBe(404);
    const audited = await q(
      `SELECT action FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1`,
      [`delivery_windows:${morning.id}`],
    );
    expect(audited.rows.map((r) => r.action).sort()).toEqual(['created', 'deleted', 'updated', 'updated']);
    expect((await schedule(2, '2030-05-03T22:00:00Z', '75001')).statusCode).toBe(201);
  });
});
