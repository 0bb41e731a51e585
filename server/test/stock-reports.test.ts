import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { resources, type Permission } from '@nine/shared/permissions';
import type { MaintenanceReport, RepairLogReport } from '@nine/shared/schemas/stock';
import { createCatalogue, createLocation, createUser, type CatalogueFixture } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let other: number;
let cat: CatalogueFixture;
let far: CatalogueFixture;
let boss: Record<string, string>;
let stockist: Record<string, string>;
let seller: Record<string, string>;
let exportsDir: string;

const everything: Permission[] = resources.map((resource) => ({ resource, action: 'any' }));
const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Quay');
  other = await createLocation(tdb.db, 'Cove');
  cat = await createCatalogue(tdb.db, loc, { items: 5 });
  far = await createCatalogue(tdb.db, other, { items: 1 });
  await createUser(tdb.db, { email: 'boss@nine.test', locations: [loc, other], grants: everything });
  await createUser(tdb.db, {
    email: 'stockist@nine.test',
    locations: [loc],
    grants: [{ resource: 'inventory', action: 'view' }],
  });
  await createUser(tdb.db, {
    email: 'seller@nine.test',
    locations: [loc],
    grants: [{ resource: 'sell_order', action: 'manage' }],
  });
  exportsDir = await mkdtemp(join(tmpdir(), 'nine-stock-reports-'));
  ({ app } = await createTestApp(tdb.db, { exportsDir }));
  const auth = async (email: string, at = loc) => ({
    authorization: `Bearer ${await login(app, email)}`,
    'location-id': String(at),
  });
  boss = await auth('boss@nine.test');
  stockist = await auth('stockist@nine.test');
  seller = await auth('seller@nine.test');
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
  await rm(exportsDir, { recursive: true, force: true });
});

const get = (url: string, h = boss) => app.inject({ method: 'GET', url, headers: h });
const post = (url: string, payload: object = {}, h = boss) =>
  app.inject({ method: 'POST', url, payload, headers: h });
const sku = async (itemId: number) =>
  ((await q('SELECT sku FROM items WHERE id = $1', [itemId])).rows[0] as { sku: string }).sku;

describe('repair-logs report', () => {
  let closedId: number;
  let openId: number;

  beforeAll(async () => {
    const [a, b, c] = cat.itemIds as [number, number, number];
    const first = (await post('/api/nine/stock/repair-logs', { item_id: a, problem: 'Bent fork' })).json()
      .data;
    closedId = first.id;
    await post(`/api/nine/stock/repair-logs/${closedId}/work`, { work: 'Straighten fork', cost_minor: 2500 });
    await post(`/api/nine/stock/repair-logs/${closedId}/close`, { work: 'New brake pads', cost_minor: 1250 });
    // Opened four days ago and closed a day and a half later: 1.5 days out of service.
    await q(
      `UPDATE repair_logs SET opened_at = now() - interval '4 days', closed_at = now() - interval '2.5 days' WHERE id = $1`,
      [closedId],
    );
    openId = (await post('/api/nine/stock/repair-logs', { item_id: b, problem: 'Flat tyre' })).json().data.id;
    await q(`UPDATE repair_logs SET opened_at = now() - interval '1 day' WHERE id = $1`, [openId]);
    // Last month's log at this location, and one at another location: both outside what is asked for.
    const old = (await post('/api/nine/stock/repair-logs', { item_id: c, problem: 'Old crack' })).json().data
      .id;
    await post(`/api/nine/stock/repair-logs/${old}/close`, { work: 'Weld', cost_minor: 99_999 });
    await q(`UPDATE repair_logs SET opened_at = now() - interval '60 days' WHERE id = $1`, [old]);
    const elsewhere = { ...boss, 'location-id': String(other) };
    await post('/api/nine/stock/repair-logs', { item_id: far.itemIds[0], problem: 'Elsewhere' }, elsewhere);
  });

  const range = () => {
    const day = (d: Date) => d.toISOString().slice(0, 10);
    return `from=${day(new Date(Date.now() - 10 * 86_400_000))}&to=${day(new Date())}`;
  };

  it('lists the period’s logs of the location with work counted, cost summed and totals computed in SQL', async () => {
    const res = await get(`/api/nine/stock/reports/repair-logs?${range()}`);
    expect(res.statusCode).toBe(200);
    const report: RepairLogReport = res.json().data;
    expect(report.rows.map((r) => r.id)).toEqual([openId, closedId]);
    const closed = report.rows.find((r) => r.id === closedId)!;
    expect(closed).toMatchObject({
      item_sku: await sku(cat.itemIds[0]!),
      product_id: cat.rentProductId,
      problem: 'Bent fork',
      opened_by: 'boss',
      work_count: 2,
      cost_minor: 3750,
      days_out: 1.5,
      status: 'closed',
    });
    expect(report.rows.find((r) => r.id === openId)).toMatchObject({
      status: 'open',
      work_count: 0,
      days_out: 1,
    });
    expect(report.total).toBe(2);
    expect(report.totals).toEqual({ logs: 2, open: 1, cost_minor: 3750, avg_days_out: 1.3 });
  });

  it('filters by status, product and SKU or barcode search, and sorts by cost', async () => {
    const closed: RepairLogReport = (
      await get(`/api/nine/stock/reports/repair-logs?${range()}&status=closed`)
    ).json().data;
    expect(closed.rows.map((r) => r.id)).toEqual([closedId]);
    expect(closed.totals).toMatchObject({ logs: 1, open: 0, cost_minor: 3750 });

    const barcode = (await q('SELECT barcode FROM items WHERE id = $1', [cat.itemIds[1]])).rows[0].barcode;
    const found: RepairLogReport = (
      await get(`/api/nine/stock/reports/repair-logs?search=${encodeURIComponent(barcode)}`)
    ).json().data;
    expect(found.rows.map((r) => r.id)).toEqual([openId]);

    const none: RepairLogReport = (
      await get(`/api/nine/stock/reports/repair-logs?product_id=${far.rentProductId}`)
    ).json().data;
    expect(none.rows).toEqual([]);
    expect(none.totals).toEqual({ logs: 0, open: 0, cost_minor: 0, avg_days_out: null });

    const byCost: RepairLogReport = (
      await get(`/api/nine/stock/reports/repair-logs?sort=cost&dir=desc`)
    ).json().data;
    expect(byCost.rows.map((r) => r.cost_minor)).toEqual([99_999, 3750, 0]);
    const paged: RepairLogReport = (
      await get(`/api/nine/stock/reports/repair-logs?sort=cost&dir=desc&page=2&page_size=2`)
    ).json().data;
    expect(paged.rows.map((r) => r.cost_minor)).toEqual([0]);
    expect(paged.totals.logs).toBe(3);
  });

  it('admits maintenance or inventory holders and refuses others', async () => {
    expect((await get('/api/nine/stock/reports/repair-logs', stockist)).statusCode).toBe(200);
    expect((await get('/api/nine/stock/reports/repair-logs', seller)).statusCode).toBe(403);
    expect((await get('/api/nine/stock/reports/maintenance', stockist)).statusCode).toBe(403);
    const bad = await get('/api/nine/stock/reports/repair-logs?sort=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resp_code).toBe(1001);
  });
});

describe('maintenance report', () => {
  it('shows each ruled item’s hours and days since service, due-in and status, overdue first', async () => {
    await post('/api/nine/stock/maintenance-rules', { product_id: cat.rentProductId, every_rent_hours: 10 });
    const [, , , d, e] = cat.itemIds as [number, number, number, number, number];
    await q('UPDATE items SET rent_minutes = 12 * 60 WHERE id = $1', [d]); // 2 hours overdue
    await q('UPDATE items SET rent_minutes = 9.5 * 60 WHERE id = $1', [e]); // half an hour left: due soon

    const res = await get('/api/nine/stock/reports/maintenance');
    expect(res.statusCode).toBe(200);
    const report: MaintenanceReport = res.json().data;
    expect(report.rows[0]).toMatchObject({
      item_id: d,
      sku: await sku(d),
      every_rent_hours: 10,
      every_days: null,
      rent_hours_since_service: 12,
      due_in_hours: -2,
      due_in_days: null,
      status: 'due',
      last_serviced_at: null,
    });
    expect(report.rows[1]).toMatchObject({ item_id: e, due_in_hours: 0.5, status: 'due_soon' });
    // Items a and c were serviced when their repairs closed; b is still in repair.
    const b = report.rows.find((r) => r.item_id === cat.itemIds[1])!;
    expect(b.status).toBe('in_repair');
    expect(b.open_repair_log_id).not.toBeNull();
    const a = report.rows.find((r) => r.item_id === cat.itemIds[0])!;
    expect(a).toMatchObject({ status: 'ok', rent_hours_since_service: 0, days_since_service: 0 });
    expect(a.last_serviced_at).not.toBeNull();
    expect(report.counts).toEqual({ ok: 2, due_soon: 1, due: 1, in_repair: 1 });
    expect(report.total).toBe(5);

    const due: MaintenanceReport = (await get('/api/nine/stock/reports/maintenance?status=due')).json().data;
    expect(due.rows.map((r) => r.item_id)).toEqual([d]);
    expect(due.counts.ok).toBe(2); // the summary counts every status of the other filters
  });

  it('counts days rules and the period’s services and repair costs', async () => {
    const from = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const report: MaintenanceReport = (
      await get(`/api/nine/stock/reports/maintenance?from=${from}&to=${to}`)
    ).json().data;
    // Two repairs were closed today (their closed_at of the first was moved back 2.5 days, still in range).
    expect(report.period).toEqual({
      services: 2,
      repairs_closed: 2,
      repairs_cost_minor: 3750 + 99_999,
      other_services_cost_minor: 0,
      cost_minor: 3750 + 99_999,
    });
    // A service without a repair log carries its own cost.
    await post(`/api/nine/stock/items/${cat.itemIds[4]}/serviced`, { work: 'Chain oiled', cost_minor: 400 });
    const after: MaintenanceReport = (
      await get(`/api/nine/stock/reports/maintenance?from=${from}&to=${to}`)
    ).json().data;
    expect(after.period).toMatchObject({ services: 3, other_services_cost_minor: 400, cost_minor: 104_149 });
    const before: MaintenanceReport = (
      await get(`/api/nine/stock/reports/maintenance?from=2020-01-01&to=2020-01-31`)
    ).json().data;
    expect(before.period).toMatchObject({ services: 0, repairs_closed: 0, cost_minor: 0 });

    await q('UPDATE maintenance_rules SET every_rent_hours = NULL, every_days = 30 WHERE product_id = $1', [
      cat.rentProductId,
    ]);
    await q(`UPDATE item_services SET last_service_at = now() - interval '40 days' WHERE item_id = $1`, [
      cat.itemIds[4],
    ]);
    const days: MaintenanceReport = (await get('/api/nine/stock/reports/maintenance?sort=due_in')).json()
      .data;
    expect(days.rows[0]).toMatchObject({
      item_id: cat.itemIds[4],
      every_days: 30,
      due_in_hours: null,
      due_in_days: -10,
      days_since_service: 40,
      status: 'due',
    });
  });
});

describe('report exports', () => {
  const waitReady = async (id: number) => {
    for (let i = 0; i < 60; i++) {
      const rows = (await get('/api/nine/exports')).json().data.rows as { id: number; status: string }[];
      const row = rows.find((r) => r.id === id)!;
      if (row.status !== 'in_progress') return row;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('export did not finish');
  };
  const csvOf = async (list: string, filters: object) => {
    const res = await post('/api/nine/exports', {
      list,
      format: 'csv',
      description: `${list} report`,
      filters,
    });
    expect(res.statusCode).toBe(201);
    const row = await waitReady(res.json().data.id);
    expect(row.status).toBe('ready');
    const file = await get(`/api/nine/exports/${row.id}/download`);
    return file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
  };

  it('exports both reports through the Download Center with the report’s filters', async () => {
    const repairs = await csvOf('repair-logs', { status: 'closed', sort: 'cost', dir: 'desc' });
    expect(repairs[0]).toBe(
      'Opened,SKU,Product,Reason / damage,Order,Opened by,Work recorded,Total cost,Closed at,Days out of service,Status',
    );
    expect(repairs).toHaveLength(3);
    expect(repairs[1]).toContain('Old crack');
    expect(repairs[1]).toContain(',999.99,');
    expect(repairs[2]).toContain('Bent fork');
    expect(repairs[2]).toContain(',boss,2,37.5,');

    const due = await csvOf('maintenance', { status: 'due' });
    expect(due).toHaveLength(2);
    expect(due[1]).toContain(await sku(cat.itemIds[4]!));

    const refused = await post(
      '/api/nine/exports',
      { list: 'maintenance', format: 'csv', description: 'x' },
      seller,
    );
    expect(refused.statusCode).toBe(403);
    // Repair logs admit inventory holders as the report does; the maintenance report does not.
    const byStockist = (list: string) =>
      post('/api/nine/exports', { list, format: 'csv', description: 'x' }, stockist);
    expect((await byStockist('repair-logs')).statusCode).toBe(201);
    expect((await byStockist('maintenance')).statusCode).toBe(403);
  });
});
