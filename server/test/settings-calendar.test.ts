import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { BusinessCalendar, SpecialDay } from '@nine/shared/schemas/business-calendar';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** The business calendar of a location (issue #18): hours, special days, and what they change. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let admin: Record<string, string>;
let clerk: Record<string, string>;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Harbour');
  other = await createLocation(tdb.db, 'Elsewhere');
  // Madrid: wall-clock hours differ from UTC (CET, UTC+1 in December), so the zone is really used.
  await q(`UPDATE locations SET time_zone = 'Europe/Madrid' WHERE id = $1`, [loc]);
  await q(`UPDATE general_settings SET store_open = '08:00', store_close = '17:30' WHERE location_id = $1`, [
    loc,
  ]);
  cat = await createCatalogue(tdb.db, loc, { items: 4 });
  await createUser(tdb.db, { email: 'cal-admin@nine.test', locations: [loc], grants: everything });
  await createUser(tdb.db, {
    email: 'cal-clerk@nine.test',
    locations: [loc],
    grants: [{ resource: 'location_setting', action: 'view' }],
  });
  ({ app } = await createTestApp(tdb.db));
  admin = { authorization: `Bearer ${await login(app, 'cal-admin@nine.test')}`, 'location-id': String(loc) };
  clerk = { authorization: `Bearer ${await login(app, 'cal-clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const calendar = async (location = loc) => {
  const res = await call(
    'GET',
    `/api/nine/business-calendar?location_id=${location}&from=2030-01-01&to=2030-12-31`,
  );
  expect(res.statusCode).toBe(200);
  return res.json<{ data: BusinessCalendar }>().data;
};
const week = (versions: number[], sunday: { closed: boolean; opens: string; closes: string }) =>
  versions.map((version, weekday) => ({
    weekday,
    version,
    ...(weekday === 0 ? sunday : { closed: false, opens: '09:00', closes: '18:00' }),
  }));
const resCode = (res: { json: () => unknown }) => (res.json() as { resp_code: number }).resp_code;

describe('opening hours', () => {
  it('reads a location nobody configured as its single daily hours, every day', async () => {
    const data = await calendar();
    expect(data.time_zone).toBe('Europe/Madrid');
    expect(data.hours).toHaveLength(7);
    expect(data.hours.every((h) => h.opens === '08:00' && h.closes === '17:30' && !h.closed)).toBe(true);
    expect(data.hours.every((h) => h.version === 1 && !h.saved)).toBe(true);
  });

  it('saves the whole week, audited, and raises the settings revision', async () => {
    const before = Number((await call('GET', '/api/nine/general-settings')).headers['x-settings-revision']);
    const res = await call('PUT', '/api/nine/business-hours', {
      location_id: loc,
      days: week([1, 1, 1, 1, 1, 1, 1], { closed: true, opens: '10:00', closes: '16:00' }),
    });
    expect(res.statusCode).toBe(200);
    const data = await calendar();
    expect(data.hours[0]).toMatchObject({
      weekday: 0,
      closed: true,
      opens: '10:00',
      closes: '16:00',
      saved: true,
    });
    expect(data.hours[1]).toMatchObject({
      weekday: 1,
      closed: false,
      opens: '09:00',
      closes: '18:00',
      saved: true,
    });
    const after = Number((await call('GET', '/api/nine/general-settings')).headers['x-settings-revision']);
    expect(after).toBeGreaterThan(before);
    const audits = await q(`SELECT data FROM audit_log WHERE entity_id = $1`, [`location_hours:${loc}:0`]);
    expect(audits.rows[0]?.data).toMatchObject({ new: { closed: true } });
  });

  it('refuses a stale week with 409 and leaves every day as it was', async () => {
    const current = (await calendar()).hours.map((h) => h.version);
    const stale = [...current];
    stale[3] = current[3]! + 5;
    const res = await call('PUT', '/api/nine/business-hours', {
      location_id: loc,
      days: week(stale, { closed: false, opens: '11:00', closes: '15:00' }),
    });
    expect(res.statusCode).toBe(409);
    expect(resCode(res)).toBe(1021);
    expect((await calendar()).hours[0]).toMatchObject({ closed: true, opens: '10:00' });
  });

  it('refuses a day that closes before it opens, and a week without seven days', async () => {
    const versions = (await calendar()).hours.map((h) => h.version);
    const backwards = await call('PUT', '/api/nine/business-hours', {
      location_id: loc,
      days: week(versions, { closed: false, opens: '16:00', closes: '10:00' }),
    });
    expect(backwards.statusCode).toBe(400);
    const short = await call('PUT', '/api/nine/business-hours', {
      location_id: loc,
      days: week(versions, { closed: true, opens: '10:00', closes: '16:00' }).slice(0, 6),
    });
    expect(short.statusCode).toBe(400);
  });

  it('needs location_setting change, at the location saved', async () => {
    const body = {
      location_id: loc,
      days: week([1, 1, 1, 1, 1, 1, 1], { closed: true, opens: '10:00', closes: '16:00' }),
    };
    const refused = await call('PUT', '/api/nine/business-hours', body, clerk);
    expect(refused.statusCode).toBe(403);
    const elsewhere = await call('PUT', '/api/nine/business-hours', { ...body, location_id: other });
    expect(elsewhere.statusCode).toBe(403);
    expect(resCode(elsewhere)).toBe(1009);
    // Reading another location's calendar needs a role there too.
    const read = await call(
      'GET',
      `/api/nine/business-calendar?location_id=${other}&from=2030-01-01&to=2030-01-31`,
    );
    expect(read.statusCode).toBe(403);
  });
});

describe('special days', () => {
  let christmas: SpecialDay;

  it('adds a holiday, and refuses a second special day on the same date with 409', async () => {
    const res = await call('POST', '/api/nine/special-days', {
      location_id: loc,
      day: '2030-12-25',
      closed: true,
      opens: '',
      closes: '',
      note: 'Christmas Day',
    });
    expect(res.statusCode).toBe(201);
    christmas = res.json<{ data: SpecialDay }>().data;
    expect(christmas).toMatchObject({
      day: '2030-12-25',
      closed: true,
      opens: null,
      note: 'Christmas Day',
      version: 1,
    });
    const again = await call('POST', '/api/nine/special-days', {
      location_id: loc,
      day: '2030-12-25',
      closed: false,
      opens: '10:00',
      closes: '12:00',
    });
    expect(again.statusCode).toBe(409);
    expect(resCode(again)).toBe(1630);
  });

  it('refuses an open special day without hours', async () => {
    const res = await call('POST', '/api/nine/special-days', {
      location_id: loc,
      day: '2030-12-24',
      closed: false,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses days no calendar can mean (year 0, year 50) with 400, not a database error', async () => {
    for (const day of ['0000-01-01', '0050-06-01']) {
      const res = await call('POST', '/api/nine/special-days', { location_id: loc, day, closed: true });
      expect(res.statusCode, day).toBe(400);
      const read = await call('GET', `/api/nine/business-calendar?location_id=${loc}&from=${day}&to=${day}`);
      expect(read.statusCode, day).toBe(400);
    }
  });

  it('edits a special day by its version and deletes it, audited', async () => {
    const created = (
      await call('POST', '/api/nine/special-days', {
        location_id: loc,
        day: '2030-12-24',
        closed: false,
        opens: '09:00',
        closes: '14:00',
        note: 'Christmas Eve',
      })
    ).json<{ data: SpecialDay }>().data;
    const edited = await call('PUT', `/api/nine/special-days/${created.id}`, {
      version: 1,
      day: '2030-12-24',
      closed: false,
      opens: '09:00',
      closes: '13:00',
      note: 'Christmas Eve',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<{ data: SpecialDay }>().data).toMatchObject({ closes: '13:00', version: 2 });
    const stale = await call('PUT', `/api/nine/special-days/${created.id}`, {
      version: 1,
      day: '2030-12-24',
      closed: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (
        await call(
          'PUT',
          `/api/nine/special-days/${created.id}`,
          { version: 2, day: '2030-12-24', closed: true },
          clerk,
        )
      ).statusCode,
    ).toBe(403);
    const dayVersion = (await q('SELECT version FROM location_special_days WHERE id = $1', [created.id]))
      .rows[0].version as number;
    // From a screen that showed the day before its edit: refused, the day stays.
    expect(
      (await call('DELETE', `/api/nine/special-days/${created.id}?version=${dayVersion - 1}`)).statusCode,
    ).toBe(409);
    expect(
      (await call('DELETE', `/api/nine/special-days/${created.id}?version=${dayVersion}`)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/nine/special-days/${created.id}?version=${dayVersion}`)).statusCode,
    ).toBe(404);
    const audits = await q(`SELECT action FROM audit_log WHERE entity_id = $1 ORDER BY id`, [
      `location_special_days:${created.id}`,
    ]);
    expect(audits.rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
    expect((await calendar()).special_days.map((d) => d.day)).toEqual(['2030-12-25']);
  });
});

describe('the availability calendar', () => {
  it('names the closed days of a month: the weekdays marked closed and the holidays', async () => {
    const res = await call('GET', '/api/nine/stock/availability-calendar?start_day=2030-12-01&slots=31');
    expect(res.statusCode).toBe(200);
    const closed = res.json<{ data: { closed_days: string[] } }>().data.closed_days;
    // Sundays of December 2030, and Christmas (a Wednesday).
    expect(closed).toEqual([
      '2030-12-01',
      '2030-12-08',
      '2030-12-15',
      '2030-12-22',
      '2030-12-25',
      '2030-12-29',
    ]);
  });

  it('names the day of the hourly view when it is closed, and none when open', async () => {
    const day = (d: string) =>
      call('GET', `/api/nine/stock/availability-calendar?start_day=${d}&slot_minutes=60&slots=24`).then(
        (r) => r.json<{ data: { closed_days: string[] } }>().data.closed_days,
      );
    expect(await day('2030-12-25')).toEqual(['2030-12-25']);
    expect(await day('2030-12-26')).toEqual([]);
  });
});

describe('adjust_plan_to_business_hours', () => {
  const order = (start: string, finish: string, item: number) => ({
    customer_id: cat.customerId,
    planned_start: start,
    planned_finish: finish,
    items: [{ item_id: item }],
  });
  const create = async (start: string, finish: string, item: number) => {
    const res = await call('POST', '/api/nine/rent-orders', order(start, finish, item));
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ data: { id: number } }>().data;
    const row = await q(`SELECT planned_start, planned_finish FROM orders WHERE id = $1`, [id]);
    const lines = await q(`SELECT planned_start, planned_finish FROM order_items WHERE order_id = $1`, [id]);
    expect(lines.rows[0]).toEqual(row.rows[0]);
    return {
      start: (row.rows[0].planned_start as Date).toISOString(),
      finish: (row.rows[0].planned_finish as Date).toISOString(),
    };
  };

  it('moves a new order into opening hours when on: early start to opening, late return to the next opening', async () => {
    await q(
      `INSERT INTO activity_settings (location_id, rental_type_id, adjust_plan_to_business_hours) VALUES ($1, 1, true)`,
      [loc],
    );
    // Monday 2 December 07:00 Madrid to Tuesday 20:00 Madrid.
    const asked = ['2030-12-02T06:00:00.000Z', '2030-12-03T19:00:00.000Z'] as const;
    const quote = await call('POST', '/api/nine/rent-orders/quote', order(...asked, cat.itemIds[0]!));
    expect(quote.json<{ data: object }>().data).toMatchObject({
      planned_start: '2030-12-02T08:00:00.000Z',
      planned_finish: '2030-12-04T08:00:00.000Z',
    });
    expect(await create(...asked, cat.itemIds[0]!)).toEqual({
      start: '2030-12-02T08:00:00.000Z', // Monday 09:00
      finish: '2030-12-04T08:00:00.000Z', // Wednesday 09:00, the next opening
    });
    // A start on a closed day (Christmas) moves to the next opening, the 26th at 09:00.
    expect(await create('2030-12-25T10:00:00.000Z', '2030-12-27T12:00:00.000Z', cat.itemIds[1]!)).toEqual({
      start: '2030-12-26T08:00:00.000Z',
      finish: '2030-12-27T12:00:00.000Z',
    });
  });

  it('books the period as asked when off', async () => {
    await q(`UPDATE activity_settings SET adjust_plan_to_business_hours = false WHERE location_id = $1`, [
      loc,
    ]);
    expect(await create('2030-12-09T06:00:00.000Z', '2030-12-10T19:00:00.000Z', cat.itemIds[2]!)).toEqual({
      start: '2030-12-09T06:00:00.000Z',
      finish: '2030-12-10T19:00:00.000Z',
    });
  });
});
