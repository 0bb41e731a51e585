import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, type Permission } from '@nine/shared/permissions';
import type { NineApp } from '../src/app.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';
import { activitySettingsAnswer } from '../src/modules/settings/get-activity-settings.ts';
import { generalSettingsOf } from '../src/modules/settings/get-general-settings.ts';

/**
 * Location settings (issue #18): the location's details, its regional, payment and print settings, and its
 * cash registers, each saved versioned; what is saved changes what the counter does.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let main: number;
let branch: number;
let viewOnly: number;
let foreign: number;
let cat: CatalogueFixture;
let admin: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  tdb = await createTestDatabase();
  main = await createLocation(tdb.db, 'Main street');
  branch = await createLocation(tdb.db, 'Branch');
  viewOnly = await createLocation(tdb.db, 'Harbour');
  foreign = await createLocation(tdb.db, 'Elsewhere');
  // A location that never saved its general settings works by the defaults.
  await q('DELETE FROM general_settings WHERE location_id = $1', [branch]);
  cat = await createCatalogue(tdb.db, main, { items: 1, saleStock: 1000 });
  const adminId = await createUser(tdb.db, {
    email: 'admin@nine.test',
    locations: [main, branch],
    grants: everything,
  });
  // At Harbour the admin holds only a viewing role.
  const role = await q(`INSERT INTO roles (title) VALUES ('viewer') RETURNING id`);
  await q(
    `INSERT INTO role_permissions (role_id, resource, action) VALUES ($1, 'location_setting', 'view')`,
    [role.rows[0].id],
  );
  await q('INSERT INTO user_roles (user_id, role_id, location_id) VALUES ($1, $2, $3)', [
    adminId,
    role.rows[0].id,
    viewOnly,
  ]);
  ({ app } = await createTestApp(tdb.db));
  admin = { authorization: `Bearer ${await login(app, 'admin@nine.test')}`, 'location-id': String(main) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const settings = async (location = main) =>
  (await call('GET', `/api/nine/general-settings?location_id=${location}`)).json().data;
const sale = async () => {
  const res = await call('POST', '/api/nine/sale-orders', {
    items: [{ product_id: cat.saleProductId, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; total_minor: number };
};
const pay = (orderId: number, method: 'cash' | 'card', amount = 100) =>
  call('POST', '/api/nine/payments', { order_id: orderId, method, amount_minor: amount });

describe('general settings', () => {
  it('answers for a location without rows exactly what rows created with the columns’ defaults hold', async () => {
    // The readers keep the defaults in code (no row, no query): they must not drift from the migrations.
    const fresh = await createLocation(tdb.db, 'Defaults');
    // The fixture gives a location its rows: taken away, as a location no one configured has none.
    await q('DELETE FROM general_settings WHERE location_id = $1', [fresh]);
    await q('DELETE FROM activity_settings WHERE location_id = $1', [fresh]);
    const { version: _v1, ...without } = await generalSettingsOf(tdb.db.pool, fresh, 'test');
    const activityWithout = activitySettingsAnswer(fresh, 1, null);
    await q('INSERT INTO general_settings (location_id) VALUES ($1)', [fresh]);
    const row = (
      await q('INSERT INTO activity_settings (location_id, rental_type_id) VALUES ($1, 1) RETURNING *', [
        fresh,
      ])
    ).rows[0];
    const { version: _v2, ...withRow } = await generalSettingsOf(tdb.db.pool, fresh, 'test');
    expect(withRow).toEqual(without);
    expect({ ...activitySettingsAnswer(fresh, 1, row), updated_at: null }).toEqual(activityWithout);
  });

  it('answers the defaults at version 1 for a location without a row, and the first save creates it', async () => {
    const defaults = await settings(branch);
    expect(defaults).toMatchObject({
      location_id: branch,
      version: 1,
      currency_symbol: '$',
      language: 'en-US',
      time_zone: 'UTC',
      allow_staff_credit_card_entry: false,
      store_open: '09:00',
      store_close: '18:00',
    });
    const saved = await call('PUT', '/api/nine/general-settings', {
      location_id: branch,
      version: 1,
      currency_symbol: '€',
      language: 'fr-FR',
      time_zone: 'Europe/Paris',
      calendar_time_intervals: 2,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      location_id: branch,
      version: 2,
      currency_symbol: '€',
      language: 'fr-FR',
      time_zone: 'Europe/Paris',
      calendar_time_intervals: 2,
    });
    expect((await q('SELECT time_zone FROM locations WHERE id = $1', [branch])).rows[0].time_zone).toBe(
      'Europe/Paris',
    );
    // The request's location answers its own, untouched.
    expect(await settings(main)).toMatchObject({ currency_symbol: '$', language: 'en-US' });
  });

  it('moves the version when only the time zone changes, and audits old and new', async () => {
    const before = await settings(branch);
    const res = await call('PUT', '/api/nine/general-settings', {
      location_id: branch,
      version: before.version,
      time_zone: 'America/Chicago',
    });
    expect(res.json().data).toMatchObject({ time_zone: 'America/Chicago', version: before.version + 1 });
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1 ORDER BY id DESC LIMIT 1`,
      [`locations:${branch}`],
    );
    expect(audit.rows[0].data).toEqual({
      old: { time_zone: 'Europe/Paris' },
      new: { time_zone: 'America/Chicago' },
    });
  });

  it('takes a zone under any name the runtime and the database know, aliases included', async () => {
    // Node lists Asia/Calcutta as the preferred name; browsers such as Firefox offer Asia/Kolkata.
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'America/Chicago']) {
      const before = await settings(branch);
      const res = await call('PUT', '/api/nine/general-settings', {
        location_id: branch,
        version: before.version,
        time_zone: zone,
      });
      expect(res.statusCode, zone).toBe(200);
      expect(res.json().data.time_zone).toBe(zone);
    }
    const before = await settings(branch);
    const offset = await call('PUT', '/api/nine/general-settings', {
      location_id: branch,
      version: before.version,
      time_zone: '+05:00',
    });
    expect(offset.statusCode).toBe(400);
  });

  it('refuses an unknown time zone, a bad language and closing before opening (400), changing nothing', async () => {
    const before = await settings();
    for (const body of [
      { time_zone: 'Mars/Olympus_Mons' },
      { language: 'de-DE' },
      { store_open: '18:00', store_close: '09:00' },
      { calendar_time_intervals: 0 },
    ]) {
      const res = await call('PUT', '/api/nine/general-settings', { version: before.version, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().resp_code).toBe(1001);
    }
    const bad = await call('PUT', '/api/nine/general-settings', {
      version: before.version,
      time_zone: 'Mars/Olympus_Mons',
    });
    expect(bad.json().data.issues[0]).toMatchObject({ path: 'time_zone', message: 'invalid_time_zone' });
    expect(await settings()).toEqual(before);
  });

  it('refuses a stale version with 409 and the current version', async () => {
    const before = await settings();
    const first = await call('PUT', '/api/nine/general-settings', {
      version: before.version,
      tax_comment: 'Tax included where marked',
    });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', '/api/nine/general-settings', {
      version: before.version,
      tax_comment: 'Another comment',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ resp_code: 1021, data: { version: before.version + 1 } });
    expect((await settings()).tax_comment).toBe('Tax included where marked');
  });

  it('refuses another location where the caller may not change settings, or has no role (403)', async () => {
    for (const location_id of [viewOnly, foreign]) {
      const res = await call('PUT', '/api/nine/general-settings', {
        location_id,
        version: 1,
        currency_symbol: '£',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().resp_code).toBe(1009);
    }
    expect((await call('GET', `/api/nine/general-settings?location_id=${foreign}`)).statusCode).toBe(403);
    // Viewing with a role there is fine.
    expect((await call('GET', `/api/nine/general-settings?location_id=${viewOnly}`)).statusCode).toBe(200);
  });

  it('turning off card entry by staff refuses a card payment; turning it on takes it', async () => {
    const order = await sale();
    const put = async (allow: boolean) => {
      const res = await call('PUT', '/api/nine/general-settings', {
        version: (await settings()).version,
        allow_staff_credit_card_entry: allow,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put(false);
    const refused = await pay(order.id, 'card');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ resp_code: 1003, data: { reason: 'card_entry_disabled' } });
    await put(true);
    expect((await pay(order.id, 'card')).statusCode).toBe(201);
  });

  it('prints the invoice header and currency symbol saved here on the invoice', async () => {
    const res = await call('PUT', '/api/nine/general-settings', {
      version: (await settings()).version,
      invoice_print_header: 'Main Street Rentals — thank you!',
      currency_symbol: '€',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await sale();
    const invoiced = await call('POST', `/api/nine/orders/${order.id}/invoice`, {});
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const invoice = await call('GET', `/api/nine/invoices/${invoiced.json().data.invoice_id}`);
    expect(invoice.json().data.settings).toMatchObject({
      invoice_print_header: 'Main Street Rentals — thank you!',
      currency_symbol: '€',
    });
    // Clearing the header prints none.
    const cleared = await call('PUT', '/api/nine/general-settings', {
      version: res.json().data.version,
      invoice_print_header: '',
    });
    expect(cleared.json().data.invoice_print_header).toBeNull();
  });
});

describe('location details', () => {
  it('reads and saves the name and contact details, versioned', async () => {
    const read = await call('GET', `/api/nine/locations/${main}`);
    expect(read.json().data).toMatchObject({ id: main, name: 'Main street', version: 1 });
    const saved = await call('PUT', `/api/nine/locations/${main}`, {
      version: 1,
      name: 'Main Street',
      address: '12 Main Street, Springfield',
      zip_code: '62701',
      tel: '+1 217 555 0100',
      email: 'Main@Example.com',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      name: 'Main Street',
      email: 'main@example.com',
      tel: '+1 217 555 0100',
      version: 2,
    });
    const stale = await call('PUT', `/api/nine/locations/${main}`, { version: 1, zip_code: '00000' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ resp_code: 1021, data: { version: 2 } });
    // Emptied fields are cleared.
    const cleared = await call('PUT', `/api/nine/locations/${main}`, {
      version: 2,
      email: '',
      zip_code: ' ',
    });
    expect(cleared.json().data).toMatchObject({ email: null, zip_code: null, version: 3 });
  });

  it('refuses a bad e-mail or an empty name (400), a taken name (409) and a foreign location (403)', async () => {
    const version = (await call('GET', `/api/nine/locations/${main}`)).json().data.version;
    for (const body of [{ email: 'not an email' }, { name: '  ' }, { tel: 'call me' }]) {
      const res = await call('PUT', `/api/nine/locations/${main}`, { version, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await call('PUT', `/api/nine/locations/${main}`, { version, name: 'Branch' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().resp_code).toBe(1622);
    for (const id of [viewOnly, foreign]) {
      const res = await call('PUT', `/api/nine/locations/${id}`, { version: 1, zip_code: '1000' });
      expect(res.statusCode).toBe(403);
    }
    expect((await call('GET', `/api/nine/locations/${foreign}`)).statusCode).toBe(403);
  });
});

describe('cash registers', () => {
  const list = async (query = '') =>
    (await call('GET', `/api/nine/cash-registers${query}`)).json().data as {
      id: number;
      name: string;
      is_active: boolean;
      version: number;
      session: { expected_minor: number } | null;
    }[];

  it('creates a register (idempotent), opens it and takes cash into it as the current register', async () => {
    const body = { name: 'Front desk', header_title: 'Main Street Rentals', default_terminal: 'T-1' };
    const headers = { ...admin, 'idempotency-key': 'register-front-desk-1' };
    const created = await call('POST', '/api/nine/cash-registers', body, headers);
    expect(created.statusCode, created.body).toBe(201);
    const register = created.json().data;
    expect(register).toMatchObject({ ...body, is_active: true, version: 1, session: null });
    const replay = await call('POST', '/api/nine/cash-registers', body, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.id).toBe(register.id);
    expect((await list()).map((r) => r.name)).toEqual(['Front desk']);
    // The same name again is refused.
    const again = await call('POST', '/api/nine/cash-registers', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ resp_code: 1005, data: { reason: 'name_taken' } });

    const current = await call('PUT', '/api/nine/general-settings', {
      version: (await settings()).version,
      current_cash_register: register.id,
    });
    expect(current.statusCode, current.body).toBe(200);
    const opened = await call('POST', `/api/nine/cash-registers/${register.id}/open`, { float_minor: 5000 });
    expect(opened.statusCode, opened.body).toBe(200);
    const order = await sale();
    const cash = await pay(order.id, 'cash', 700);
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.register).toBe('Front desk');
    expect((await list())[0]!.session!.expected_minor).toBe(5700);
  });

  it('renames a register and changes its header, versioned; refuses retiring it while it is open', async () => {
    const [front] = await list();
    const renamed = await call('PUT', `/api/nine/cash-registers/${front!.id}`, {
      version: front!.version,
      name: 'Front counter',
      header_title: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Front counter', header_title: null, version: 2 });
    const stale = await call('PUT', `/api/nine/cash-registers/${front!.id}`, { version: 1, name: 'Old' });
    expect(stale.statusCode).toBe(409);
    const retire = await call('PUT', `/api/nine/cash-registers/${front!.id}`, {
      version: 2,
      is_active: false,
    });
    expect(retire.statusCode).toBe(409);
    expect(retire.json().resp_code).toBe(1620);
    expect((await list())[0]).toMatchObject({ is_active: true, version: 2 });
  });

  it('a retired register is not listed for the counter, takes no session and no cash', async () => {
    const [front] = await list();
    await call('POST', `/api/nine/cash-registers/${front!.id}/close`, {
      counted_minor: front!.session!.expected_minor,
    });
    const back = await call('POST', '/api/nine/cash-registers', { name: 'Back office' });
    const backId = back.json().data.id as number;
    const retired = await call('PUT', `/api/nine/cash-registers/${front!.id}`, {
      version: front!.version,
      is_active: false,
    });
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json().data).toMatchObject({ is_active: false });
    expect((await list()).map((r) => r.name)).toEqual(['Back office']);
    expect((await list('?include_inactive=true')).map((r) => [r.name, r.is_active])).toEqual([
      ['Back office', true],
      ['Front counter', false],
    ]);
    const reopen = await call('POST', `/api/nine/cash-registers/${front!.id}/open`, { float_minor: 0 });
    expect(reopen.statusCode).toBe(422);
    expect(reopen.json().resp_code).toBe(1621);
    // It is no longer the location's current register: cash goes to the one open register.
    expect((await settings()).current_cash_register).toBeNull();
    await call('POST', `/api/nine/cash-registers/${backId}/open`, { float_minor: 0 });
    const cash = await pay((await sale()).id, 'cash', 300);
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.register).toBe('Back office');
    // And it cannot be made current again while retired.
    const current = await call('PUT', '/api/nine/general-settings', {
      version: (await settings()).version,
      current_cash_register: front!.id,
    });
    expect(current.statusCode).toBe(422);
    expect(current.json().resp_code).toBe(1621);
  });

  it('creates and lists registers of another location it may change; refuses a foreign one', async () => {
    const created = await call('POST', '/api/nine/cash-registers', {
      location_id: branch,
      name: 'Branch till',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await list(`?location_id=${branch}`)).map((r) => r.name)).toEqual(['Branch till']);
    for (const location_id of [viewOnly, foreign]) {
      const res = await call('POST', '/api/nine/cash-registers', { location_id, name: 'Nope' });
      expect(res.statusCode).toBe(403);
    }
    expect((await call('GET', `/api/nine/cash-registers?location_id=${foreign}`)).statusCode).toBe(403);
    const bad = await call('POST', '/api/nine/cash-registers', { name: '' });
    expect(bad.statusCode).toBe(400);
  });
});
