import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, type Permission } from '@nine/shared/permissions';
import type { NineApp } from '../src/app.ts';
import { effectiveAutoLogout } from '../src/modules/settings/get-general-settings.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/**
 * Location settings, "Other settings" (issue #18): print headers, tax comment, print setup, store hours and
 * the location's own auto-logout, each saved versioned and read where it takes effect.
 */
let tdb: TestDatabase;
let app: NineApp['app'];
let main: number;
let branch: number;
let cat: CatalogueFixture;
let admin: Record<string, string>;

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));

beforeAll(async () => {
  tdb = await createTestDatabase();
  main = await createLocation(tdb.db, 'Main street');
  branch = await createLocation(tdb.db, 'Branch');
  await q('DELETE FROM general_settings WHERE location_id = $1', [branch]);
  cat = await createCatalogue(tdb.db, main, { items: 1, saleStock: 1000 });
  await createUser(tdb.db, { email: 'admin@nine.test', locations: [main, branch], grants: everything });
  ({ app } = await createTestApp(tdb.db));
  admin = { authorization: `Bearer ${await login(app, 'admin@nine.test')}`, 'location-id': String(main) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
const settings = async (location = main) =>
  (await call('GET', `/api/nine/general-settings?location_id=${location}`)).json().data;
const save = async (changes: object, location = main) => {
  const res = await call('PUT', '/api/nine/general-settings', {
    location_id: location,
    version: (await settings(location)).version,
    ...changes,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('print headers and tax comment', () => {
  it('puts the invoice header and the tax comment on the invoice the print is built from', async () => {
    await save({
      invoice_print_header: 'Main Street Rentals\nVAT 12-345',
      tax_comment: 'Sales tax at the rate in force on the invoice date.',
    });
    const order = await call('POST', '/api/nine/sale-orders', {
      items: [{ product_id: cat.saleProductId, quantity: 1 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    const invoiced = await call('POST', `/api/nine/orders/${order.json().data.id}/invoice`, {});
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    const invoice = (await call('GET', `/api/nine/invoices/${invoiced.json().data.invoice_id}`)).json().data;
    expect(invoice.settings).toMatchObject({
      invoice_print_header: 'Main Street Rentals\nVAT 12-345',
      tax_comment: 'Sales tax at the rate in force on the invoice date.',
    });
    // Cleared, the invoice prints none.
    await save({ tax_comment: '' });
    const again = (await call('GET', `/api/nine/invoices/${invoiced.json().data.invoice_id}`)).json().data;
    expect(again.settings.tax_comment).toBeNull();
  });

  it('saves the order and sale order headers the order prints read', async () => {
    const saved = await save({ order_print_header: 'Rentals desk', sale_order_print_header: 'Shop counter' });
    expect(saved).toMatchObject({
      order_print_header: 'Rentals desk',
      sale_order_print_header: 'Shop counter',
    });
  });
});

describe('print setup', () => {
  it('keeps only the keys the print path reads, and refuses others', async () => {
    expect((await settings(branch)).print_setup).toEqual({});
    const saved = await save({ print_setup: { auto_print_receipt: true, receipt_copies: 2 } }, branch);
    expect(saved.print_setup).toEqual({ auto_print_receipt: true, receipt_copies: 2 });
    // The same setup sent again changes nothing: same version.
    const same = await save({ print_setup: { receipt_copies: 2, auto_print_receipt: true } }, branch);
    expect(same.version).toBe(saved.version);
    const refused = await call('PUT', '/api/nine/general-settings', {
      location_id: branch,
      version: saved.version,
      print_setup: { logo: true },
    });
    expect(refused.statusCode).toBe(400);
    const tooMany = await call('PUT', '/api/nine/general-settings', {
      location_id: branch,
      version: saved.version,
      print_setup: { receipt_copies: 9 },
    });
    expect(tooMany.statusCode).toBe(400);
    // A value a past version stored that is not valid now reads as the defaults.
    await q(`UPDATE general_settings SET print_setup = '{"receipt_copies": 40}' WHERE location_id = $1`, [
      branch,
    ]);
    expect((await settings(branch)).print_setup).toEqual({});
  });
});

describe('store hours', () => {
  it('are the opening hours of every weekday while the business calendar has none saved', async () => {
    await save({ store_open: '08:30', store_close: '17:15' });
    const hours = await call(
      'GET',
      `/api/nine/business-calendar?location_id=${main}&from=2026-01-05&to=2026-01-11`,
    );
    expect(hours.statusCode, hours.body).toBe(200);
    const week = hours.json().data.hours as { opens: string | null; closes: string | null }[];
    expect(week.length).toBe(7);
    for (const day of week) expect(day).toMatchObject({ opens: '08:30', closes: '17:15' });
  });
});

describe('auto-logout per location', () => {
  it('is the policy’s unless the location’s own is shorter', () => {
    expect(effectiveAutoLogout(30, 0)).toBe(30);
    expect(effectiveAutoLogout(30, 10)).toBe(10);
    expect(effectiveAutoLogout(30, 60)).toBe(30);
    expect(effectiveAutoLogout(0, 15)).toBe(15);
    expect(effectiveAutoLogout(0, 0)).toBe(0);
  });

  it('logs idle sessions at the location out sooner than the policy, never later', async () => {
    await q('UPDATE access_policy SET auto_logout_minutes = 30 WHERE id = 1');
    expect(await settings()).toMatchObject({
      auto_logout_minutes: 0,
      policy_auto_logout_minutes: 30,
      auto_logout_inactive_users_timeout: 30,
    });
    await save({ auto_logout_minutes: 5 });
    // The web app's idle timer (session-effects.tsx) ends the session after this many minutes.
    expect(await settings()).toMatchObject({ auto_logout_minutes: 5, auto_logout_inactive_users_timeout: 5 });
    // The other location still follows the policy.
    expect((await settings(branch)).auto_logout_inactive_users_timeout).toBe(30);
    // Longer than the policy allows: the policy's applies.
    await save({ auto_logout_minutes: 120 });
    expect((await settings()).auto_logout_inactive_users_timeout).toBe(30);
    const refused = await call('PUT', '/api/nine/general-settings', {
      version: (await settings()).version,
      auto_logout_minutes: 5000,
    });
    expect(refused.statusCode).toBe(400);
    await q('UPDATE access_policy SET auto_logout_minutes = 0 WHERE id = 1');
  });
});
