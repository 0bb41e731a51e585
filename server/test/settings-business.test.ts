import sharp from 'sharp';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@nine/shared/permissions';
import type { NineApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// The Business settings screen (issue #18): General Information, logos, taxes and the tax mode, GL codes.
// Every save is business-wide: the right at every location, else 403 business_wide_only.

let tdb: TestDatabase;
let app: NineApp['app'];
let home: number;
let other: number;
let cat: CatalogueFixture;
let wide: Record<string, string>;
let local: Record<string, string>;
const logosDir = join(loadConfig({}).dataDir, 'business-logos');

const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  home = await createLocation(tdb.db, 'Business home');
  other = await createLocation(tdb.db, 'Business other');
  cat = await createCatalogue(tdb.db, home, { saleStock: 100 });
  // No other test tax: the rates below are the only ones that apply.
  await q('DELETE FROM taxes');
  const grants: Permission[] = [
    { resource: 'business_setting', action: 'view' },
    { resource: 'business_setting', action: 'change' },
    { resource: 'sell_order', action: 'view' },
    { resource: 'sell_order', action: 'change' },
  ];
  await createUser(tdb.db, { email: 'wide-biz@nine.test', locations: [home, other], grants });
  await createUser(tdb.db, { email: 'local-biz@nine.test', locations: [home], grants });
  ({ app } = await createTestApp(tdb.db));
  wide = { authorization: `Bearer ${await login(app, 'wide-biz@nine.test')}`, 'location-id': String(home) };
  local = { authorization: `Bearer ${await login(app, 'local-biz@nine.test')}`, 'location-id': String(home) };
});
afterAll(async () => {
  const { rows } = await q('SELECT site_logo, invoice_logo FROM business_info');
  for (const name of [rows[0]?.site_logo, rows[0]?.invoice_logo])
    if (name) await rm(join(logosDir, name), { force: true });
  await app.close();
  await tdb.drop();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = wide) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const businessInfo = async () => (await call('GET', '/api/nine/business-info')).json().data;

const info = (version: number, changes: object = {}) => ({
  version,
  site_title: 'Harbour Rentals',
  site_url: 'https://harbour.example',
  url_prefix: 'harbour',
  address: '1 Quay Street',
  zip_code: '94110',
  email: 'Hello@Harbour.example',
  tel: '+1 415 555 0101',
  sale_default_customer_id: null,
  suspension_alert: 'Account suspended: call us.',
  ...changes,
});

/** A quick sale of one water bottle (12.00) without a customer. */
const quickSale = async () => {
  const res = await call('POST', '/api/nine/sale-orders', {
    items: [{ product_id: cat.saleProductId, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { total_minor: number; customer: { id: number; name: string } | null };
};

describe('General Information', () => {
  it('saves with the version, answers it on the GET and audits old and new', async () => {
    const before = await businessInfo();
    expect(before.version).toBeGreaterThanOrEqual(1);
    const res = await call('PUT', '/api/nine/business-info', info(before.version));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      version: before.version + 1,
      site_title: 'Harbour Rentals',
      email: 'Hello@Harbour.example',
      sale_default_customer_id: null,
    });
    const after = await businessInfo();
    expect(after).toMatchObject({
      version: before.version + 1,
      site_title: 'Harbour Rentals',
      suspension_alert: 'Account suspended: call us.',
      business_contact: { address: '1 Quay Street', zip_code: '94110' },
    });
    const audit = await q(
      `SELECT data FROM audit_log WHERE entity_type = 'settings' AND entity_id = 'business_info:1' AND action = 'updated' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0].data.new).toMatchObject({ site_title: 'Harbour Rentals' });
  });

  it('refuses bad fields (400), a stale version (409) and a one-location user (403)', async () => {
    const { version } = await businessInfo();
    const bad = await call(
      'PUT',
      '/api/nine/business-info',
      info(version, { site_title: ' ', email: 'nope' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .data.issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'site_title']);
    const stale = await call('PUT', '/api/nine/business-info', info(version - 1, { site_title: 'Stale' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ resp_code: 1021, data: { version } });
    const narrow = await call('PUT', '/api/nine/business-info', info(version, { site_title: 'X' }), local);
    expect(narrow.statusCode).toBe(403);
    expect(narrow.json().data).toEqual({ reason: 'business_wide_only' });
    expect((await businessInfo()).site_title).toBe('Harbour Rentals');
  });

  it('makes a quick sale without a customer for the default customer, else for the walk-in one', async () => {
    const walkIn = await quickSale();
    expect(walkIn.customer?.name).toMatch(/Walk-in/);
    const { version } = await businessInfo();
    const missing = await call(
      'PUT',
      '/api/nine/business-info',
      info(version, { sale_default_customer_id: 999999 }),
    );
    expect(missing.statusCode).toBe(400);
    const saved = await call(
      'PUT',
      '/api/nine/business-info',
      info(version, { sale_default_customer_id: cat.customerId }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      sale_default_customer_id: cat.customerId,
      sale_default_customer_name: 'Ada Lovelace',
    });
    expect((await quickSale()).customer?.id).toBe(cat.customerId);
    const back = await call(
      'PUT',
      '/api/nine/business-info',
      info(version + 1, { sale_default_customer_id: null }),
    );
    expect(back.statusCode).toBe(200);
    expect((await quickSale()).customer?.id).toBe(walkIn.customer?.id);
  });
});

/** A multipart body with one file, as a browser sends a file input. */
const upload = (bytes: Buffer, name = 'logo.png') => {
  const boundary = 'nine-logo-boundary';
  return {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};
const putLogo = (kind: string, bytes: Buffer, headers = wide) => {
  const { payload, ...type } = upload(bytes);
  return app.inject({
    method: 'PUT',
    url: `/api/nine/business-logos/${kind}`,
    headers: { ...headers, ...type },
    payload,
  });
};

describe('logos', () => {
  it('shrinks an uploaded logo on the server to fit 50 x 50 px, serves it publicly and deletes it', async () => {
    const wideImage = await sharp({
      create: { width: 200, height: 100, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const res = await putLogo('site', wideImage);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().data;
    expect(url).toMatch(/^\/api\/nine\/business-logo-images\/[a-f0-9]{32}\.png$/);
    expect((await businessInfo()).site_logo).toBe(url);
    const image = await app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(50);
    expect(meta.height).toBeLessThanOrEqual(50);
    expect([meta.width, meta.height]).toEqual([50, 25]);

    const removed = await call('DELETE', '/api/nine/business-logos/site');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.url).toBeNull();
    expect((await businessInfo()).site_logo).toBeNull();
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses a file that is not a picture, an unreadable one and a one-location user', async () => {
    expect((await putLogo('invoice', Buffer.from('%PDF-1.4 not a picture'))).statusCode).toBe(415);
    const broken = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('garbage'),
    ]);
    const unreadable = await putLogo('invoice', broken);
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().resp_code).toBe(1614);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    expect((await putLogo('invoice', png, local)).statusCode).toBe(403);
    expect((await putLogo('poster', png)).statusCode).toBe(400);
  });
});

describe('taxes', () => {
  let taxId: number;

  it('creates, lists and refuses a taken name (409), bad rates (400) and a one-location user (403)', async () => {
    const created = await call('POST', '/api/nine/taxes', { name: 'Sales tax', rate_bp: 1000 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Sales tax',
      rate_bp: 1000,
      is_active: true,
      version: 1,
    });
    taxId = created.json().data.id;
    const taken = await call('POST', '/api/nine/taxes', { name: 'Sales tax', rate_bp: 500 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().resp_code).toBe(1610);
    // The same name in other letters is the same tax on a receipt.
    const shouted = await call('POST', '/api/nine/taxes', { name: 'SALES TAX', rate_bp: 500 });
    expect(shouted.statusCode).toBe(409);
    expect((await call('POST', '/api/nine/taxes', { name: 'Too much', rate_bp: 10_001 })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/nine/taxes', { name: 'Odd', rate_bp: 2.5 })).statusCode).toBe(400);
    expect((await call('POST', '/api/nine/taxes', { name: 'Local', rate_bp: 100 }, local)).statusCode).toBe(
      403,
    );
    const list = await call('GET', '/api/nine/taxes');
    expect(list.json().data.rows).toEqual([
      { id: taxId, name: 'Sales tax', rate_bp: 1000, is_active: true, version: 1, in_use: false },
    ]);
  });

  it('prices a new quick sale with the rate saved through the API', async () => {
    expect((await quickSale()).total_minor).toBe(1320); // 12.00 + 10 %
    const res = await call('PUT', `/api/nine/taxes/${taxId}`, {
      version: 1,
      name: 'Sales tax',
      rate_bp: 2000,
      is_active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ rate_bp: 2000, version: 2 });
    expect((await quickSale()).total_minor).toBe(1440);
    const stale = await call('PUT', `/api/nine/taxes/${taxId}`, {
      version: 1,
      name: 'Sales tax',
      rate_bp: 0,
      is_active: true,
    });
    expect(stale.statusCode).toBe(409);
    const narrow = await call(
      'PUT',
      `/api/nine/taxes/${taxId}`,
      { version: 2, name: 'Sales tax', rate_bp: 0, is_active: true },
      local,
    );
    expect(narrow.statusCode).toBe(403);
  });

  it('includes or adds the tax for every location at once, with the business view’s version', async () => {
    const view = (await call('GET', '/api/nine/tax-mode')).json().data;
    expect(view).toMatchObject({ is_tax_included: false, show_taxes_mode: 'separate', mixed: false });
    const res = await call('PUT', '/api/nine/tax-mode', {
      version: view.version,
      is_tax_included: true,
      show_taxes_mode: 'combined',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      is_tax_included: true,
      show_taxes_mode: 'combined',
      mixed: false,
    });
    const settings = await q(
      'SELECT location_id, is_tax_included, show_taxes_mode FROM general_settings WHERE location_id = ANY($1) ORDER BY location_id',
      [[home, other]],
    );
    expect(settings.rows).toEqual([
      { location_id: home, is_tax_included: true, show_taxes_mode: 'combined' },
      { location_id: other, is_tax_included: true, show_taxes_mode: 'combined' },
    ]);
    // Included: the price already holds the tax.
    expect((await quickSale()).total_minor).toBe(1200);
    const stale = await call('PUT', '/api/nine/tax-mode', {
      version: view.version,
      is_tax_included: false,
      show_taxes_mode: 'separate',
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await call('PUT', '/api/nine/tax-mode', { version: 1, is_tax_included: false, show_taxes_mode: 'x' }))
        .statusCode,
    ).toBe(400);
    const next = res.json().data.version;
    expect(
      (
        await call(
          'PUT',
          '/api/nine/tax-mode',
          { version: next, is_tax_included: false, show_taxes_mode: 'separate' },
          local,
        )
      ).statusCode,
    ).toBe(403);
    // Another general setting saved meanwhile (a print header, from Location settings) moves the row's own
    // version but does not make the Taxes screen stale.
    await q(
      `UPDATE general_settings SET invoice_print_header = 'Thanks for riding with us', version = version + 1
       WHERE location_id = $1`,
      [home],
    );
    const back = await call('PUT', '/api/nine/tax-mode', {
      version: next,
      is_tax_included: false,
      show_taxes_mode: 'separate',
    });
    expect(back.statusCode).toBe(200);
    expect((await quickSale()).total_minor).toBe(1440);
  });

  it('deletes an unused tax, and keeps one a product names (409)', async () => {
    const spare = (
      await call('POST', '/api/nine/taxes', { name: 'Spare', rate_bp: 0, is_active: false })
    ).json().data;
    // Renamed meanwhile: a removal from the screen that showed version 1 is refused, and the tax stays.
    expect(
      (
        await call('PUT', `/api/nine/taxes/${spare.id}`, {
          version: 1,
          name: 'Spare 2',
          rate_bp: 0,
          is_active: false,
        })
      ).statusCode,
    ).toBe(200);
    const stale = await call('DELETE', `/api/nine/taxes/${spare.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({ version: 2 });
    expect((await call('DELETE', `/api/nine/taxes/${spare.id}?version=2`)).statusCode).toBe(200);
    await q('UPDATE products SET tax_id = $1 WHERE id = $2', [taxId, cat.saleProductId]);
    const taxVersion = (await q('SELECT version FROM taxes WHERE id = $1', [taxId])).rows[0].version;
    const used = await call('DELETE', `/api/nine/taxes/${taxId}?version=${taxVersion}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().resp_code).toBe(1611);
    const row = (await call('GET', '/api/nine/taxes')).json().data.rows[0];
    expect(row).toMatchObject({ id: taxId, in_use: true });
    expect(
      (await call('DELETE', `/api/nine/taxes/${taxId}?version=${taxVersion}`, undefined, local)).statusCode,
    ).toBe(403);
  });
});

describe('general ledger codes', () => {
  it('adds, edits the description and refuses a taken code, a bad one and a one-location user', async () => {
    const created = await call('POST', '/api/nine/gl-codes', { code: '4100', description: 'Tour revenue' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toEqual({
      code: '4100',
      description: 'Tour revenue',
      version: 1,
      in_use: false,
      built_in: false,
    });
    const taken = await call('POST', '/api/nine/gl-codes', { code: '4100', description: 'Again' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().resp_code).toBe(1612);
    expect((await call('POST', '/api/nine/gl-codes', { code: 'a b', description: 'Space' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', '/api/nine/gl-codes', { code: '4200', description: '' })).statusCode).toBe(
      400,
    );
    const edited = await call('PUT', '/api/nine/gl-codes/4100', { version: 1, description: 'Tours' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ description: 'Tours', version: 2 });
    expect(
      (await call('PUT', '/api/nine/gl-codes/4100', { version: 1, description: 'Old' })).statusCode,
    ).toBe(409);
    expect(
      (await call('PUT', '/api/nine/gl-codes/4100', { version: 2, description: 'X' }, local)).statusCode,
    ).toBe(403);
    const list = (await call('GET', '/api/nine/gl-codes')).json().data.rows;
    expect(list.find((r: { code: string }) => r.code === '4100')).toMatchObject({ description: 'Tours' });
  });

  it('deletes an unused code, and keeps one with ledger rows or one the books post to (409)', async () => {
    const codeVersion = async (code: string) =>
      (await q('SELECT version FROM gl_codes WHERE code = $1', [code])).rows[0]?.version as number;
    const v4100 = await codeVersion('4100');
    expect((await call('DELETE', `/api/nine/gl-codes/4100?version=${v4100 - 1}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/nine/gl-codes/4100?version=${v4100}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/nine/gl-codes/4100?version=${v4100}`)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/nine/gl-codes', { code: '4150', description: 'Lessons' })).statusCode,
    ).toBe(201);
    // A balanced movement between cash and the new code, as a payment writes.
    await q(
      `INSERT INTO ledger_entries (txn_id, gl_code, amount_minor, location_id)
       SELECT t, code, amount, $1 FROM gen_random_uuid() t, (VALUES ('1000', 100), ('4150', -100)) v(code, amount)`,
      [home],
    );
    const used = await call('DELETE', `/api/nine/gl-codes/4150?version=${await codeVersion('4150')}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().resp_code).toBe(1613);
    // Deposits post to 2100 by name, ledger rows or not.
    const deposits = (await call('GET', '/api/nine/gl-codes'))
      .json()
      .data.rows.find((r: { code: string }) => r.code === '2100');
    expect(deposits).toMatchObject({ built_in: true });
    const builtIn = await call('DELETE', `/api/nine/gl-codes/2100?version=${await codeVersion('2100')}`);
    expect(builtIn.statusCode).toBe(409);
    expect(builtIn.json().resp_code).toBe(1615);
    expect((await call('DELETE', '/api/nine/gl-codes/4150?version=1', undefined, local)).statusCode).toBe(
      403,
    );
  });
});
