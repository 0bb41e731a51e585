import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { csvCell } from '../src/modules/exports/csv.ts';
import { createCatalogue, createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let dir: string;
let headers: Record<string, string>;
let loc: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'nine-exports-'));
  loc = await createLocation(tdb.db, 'Shop');
  const cat = await createCatalogue(tdb.db, loc);
  await createUser(tdb.db, {
    email: 'clerk@nine.test',
    locations: [loc],
    grants: [
      { resource: 'customer', action: 'view' },
      { resource: 'rent_order', action: 'view' },
    ],
  });
  await createUser(tdb.db, {
    email: 'guide@nine.test',
    locations: [loc],
    grants: [{ resource: 'tour', action: 'view' }],
  });
  await tdb.db.pool.query(
    `INSERT INTO customers (first_name, last_name, email, city) VALUES ('=HYPERLINK("http://evil")', 'Mallory', 'm@example.com', 'Zürich, CH')`,
  );
  await tdb.db.pool.query(
    `INSERT INTO orders (type, source, status, location_id, customer_id, planned_start, planned_finish, total_minor) VALUES ('rent', 'walk_in', 'closed', $1, $2, '2030-01-01T09:00Z', '2030-01-01T17:00Z', 12345)`,
    [loc, cat.customerId],
  );
  ({ app } = await createTestApp(tdb.db, { exportsDir: dir }));
  headers = { authorization: `Bearer ${await login(app, 'clerk@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  await rm(dir, { recursive: true, force: true });
});

async function waitReady(id: number) {
  for (let i = 0; i < 60; i++) {
    const list = (await app.inject({ method: 'GET', url: '/api/nine/exports', headers })).json().data.rows;
    const row = list.find((r: { id: number }) => r.id === id);
    if (row.status !== 'in_progress') return row;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('export did not finish');
}

describe('csv cells', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('-5 apples')).toBe("'-5 apples");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell(null)).toBe('');
  });
});

describe('the download center', () => {
  it('exports customers in the background as CSV in the asked language, with formulas neutralised', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/nine/exports',
      headers: { ...headers, 'accept-language': 'fr-FR' },
      payload: {
        list: 'customers',
        description: 'Customers for the newsletter',
        filters: { search: 'mallory' },
      },
    });
    expect(started.statusCode).toBe(201);
    expect(started.json().data.status).toBe('in_progress');
    const row = await waitReady(started.json().data.id);
    expect(row).toMatchObject({ status: 'ready', row_count: 1, description: 'Customers for the newsletter' });
    const file = await app.inject({ method: 'GET', url: `/api/nine/exports/${row.id}/download`, headers });
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('ID,Prénom,Nom,E-mail,Téléphone,Adresse,Code postal,Ville,Pays,Créée le');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")",Mallory,m@example.com`);
    expect(lines[1]).toContain('"Zürich, CH"');
  });

  it('exports the rent order list with its filters to XLSX, money as amounts', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/nine/exports',
      headers,
      payload: {
        list: 'rent-orders',
        format: 'xlsx',
        description: 'Closed rentals',
        filters: { order_status_r: 'closed' },
      },
    });
    const row = await waitReady(started.json().data.id);
    expect(row.row_count).toBe(1);
    const file = await app.inject({ method: 'GET', url: `/api/nine/exports/${row.id}/download`, headers });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Number');
    expect(sheet.getRow(2).getCell(4).value).toBe('closed');
    expect(sheet.getRow(2).getCell(16).value).toBe(123.45);
  });

  it('requires a description and the list’s permission; others’ exports are not visible', async () => {
    const noDescription = await app.inject({
      method: 'POST',
      url: '/api/nine/exports',
      headers,
      payload: { list: 'customers', description: '  ' },
    });
    expect(noDescription.statusCode).toBe(400);
    const guest = {
      authorization: `Bearer ${await login(app, 'guide@nine.test')}`,
      'location-id': String(loc),
    };
    const refused = await app.inject({
      method: 'POST',
      url: '/api/nine/exports',
      headers: guest,
      payload: { list: 'customers', description: 'mine' },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: '/api/nine/exports', headers: guest })).json().data.total,
    ).toBe(0);
    const someone = (await tdb.db.pool.query(`SELECT id FROM exports LIMIT 1`)).rows[0].id;
    expect(
      (await app.inject({ method: 'GET', url: `/api/nine/exports/${someone}/download`, headers: guest }))
        .statusCode,
    ).toBe(404);
  });
});
