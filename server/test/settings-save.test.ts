import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NineApp } from '../src/app.ts';
import { one, rows } from '../src/db/sql.ts';
import type { Tables } from '../src/db/tables.ts';
import { createSettings, saveSettings } from '../src/lib/settings-save.ts';
import { transaction } from '../src/lib/transaction.ts';
import { createLocation, createUser } from './helpers/fixtures.ts';
import { createTestApp, login } from './helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

/** The save path every settings screen shares (lib/settings-save.ts) and the revision answers carry. */
let tdb: TestDatabase;
let app: NineApp['app'];
let loc: number;
let userId: number;
let headers: Record<string, string>;

beforeAll(async () => {
  tdb = await createTestDatabase();
  loc = await createLocation(tdb.db, 'Revisions');
  userId = await createUser(tdb.db, {
    email: 'settings@nine.test',
    locations: [loc],
    grants: [{ resource: 'activity', action: 'view' }],
  });
  ({ app } = await createTestApp(tdb.db));
  headers = { authorization: `Bearer ${await login(app, 'settings@nine.test')}`, 'location-id': String(loc) };
});
afterAll(async () => {
  await app.close();
  await tdb.drop();
});

const actor = () => ({ userId, locationId: loc });
const activityRow = () =>
  one<Tables['activity_settings']>(
    tdb.db.pool,
    'SELECT * FROM activity_settings WHERE location_id = $1 AND rental_type_id = 1',
    [loc],
  );
const revisionHeader = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/nine/activity-settings', headers });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-settings-revision']);
};

describe('saving settings', () => {
  it('creates a missing per-location row with its defaults, checks the version and audits old and new', async () => {
    const before = await revisionHeader();
    const saved = await transaction(tdb.db, (client) =>
      saveSettings(client, actor(), {
        table: 'activity_settings',
        key: { location_id: loc, rental_type_id: 1 },
        version: 1,
        createMissing: true,
        changes: { deliver_unpaid_orders: 'deny', allow_undo_deliver: true },
      }),
    );
    expect(saved).toMatchObject({ deliver_unpaid_orders: 'deny', allow_undo_deliver: true, version: 2 });
    expect(await activityRow()).toMatchObject({ deliver_unpaid_orders: 'deny', version: 2 });
    // Only what changed is audited, old beside new.
    const audits = await rows<{ entity_type: string; entity_id: string; action: string; data: unknown }>(
      tdb.db.pool,
      `SELECT entity_type, entity_id, action, data FROM audit_log WHERE entity_id LIKE 'activity_settings:%'`,
    );
    expect(audits).toEqual([
      {
        entity_type: 'settings',
        entity_id: `activity_settings:${loc}:1`,
        action: 'updated',
        data: { old: { deliver_unpaid_orders: 'warn' }, new: { deliver_unpaid_orders: 'deny' } },
      },
    ]);
    // Every authenticated answer from now on carries the raised revision.
    expect(await revisionHeader()).toBeGreaterThan(before);
  });

  it('refuses a save made from a stale version with 409 and the current version, changing nothing', async () => {
    const stale = transaction(tdb.db, (client) =>
      saveSettings(client, actor(), {
        table: 'activity_settings',
        key: { location_id: loc, rental_type_id: 1 },
        version: 1,
        createMissing: true,
        changes: { deliver_unpaid_orders: 'allow' },
      }),
    );
    await expect(stale).rejects.toMatchObject({
      name: 'AppError',
      errorName: 'versionConflict',
      data: { version: 2 },
    });
    expect(await activityRow()).toMatchObject({ deliver_unpaid_orders: 'deny', version: 2 });
  });

  it('keeps the version and writes no audit row when nothing changes', async () => {
    const count = async () =>
      (await one<{ n: number }>(tdb.db.pool, `SELECT count(*)::int AS n FROM audit_log`)).n;
    const audits = await count();
    const saved = await transaction(tdb.db, (client) =>
      saveSettings(client, actor(), {
        table: 'activity_settings',
        key: { location_id: loc, rental_type_id: 1 },
        version: 2,
        changes: { deliver_unpaid_orders: 'deny' },
      }),
    );
    expect(saved.version).toBe(2);
    expect(await count()).toBe(audits);
  });

  it('lets exactly one of two saves from the same version win', async () => {
    const attempt = (value: 'warn' | 'allow') =>
      transaction(tdb.db, (client) =>
        saveSettings(client, actor(), {
          table: 'activity_settings',
          key: { location_id: loc, rental_type_id: 1 },
          version: 2,
          changes: { deliver_unpaid_orders: value },
        }),
      );
    const results = await Promise.allSettled([attempt('warn'), attempt('allow')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ errorName: 'versionConflict', data: { version: 3 } });
    expect((await activityRow()).version).toBe(3);
  });

  it('answers 404 for a row that does not exist when the table has no defaults to create', async () => {
    const missing = transaction(tdb.db, (client) =>
      saveSettings(client, actor(), {
        table: 'taxes',
        key: { id: 2_000_000_000 },
        version: 1,
        changes: { rate_bp: 1 },
      }),
    );
    await expect(missing).rejects.toMatchObject({ errorName: 'notFound' });
  });

  it('adds a list row with an audit of its values; a taken name is a 409', async () => {
    const register = await transaction(tdb.db, (client) =>
      createSettings(client, actor(), 'cash_registers', { location_id: loc, name: 'Till 2' }, (r) => r.id),
    );
    expect(register).toMatchObject({ name: 'Till 2', is_active: true, version: 1 });
    const again = transaction(tdb.db, (client) =>
      createSettings(client, actor(), 'cash_registers', { location_id: loc, name: 'Till 2' }, (r) => r.id),
    );
    await expect(again).rejects.toMatchObject({ constraint: 'cash_registers_location_id_name_key' });
    const audit = await one<{ action: string; data: unknown }>(
      tdb.db.pool,
      `SELECT action, data FROM audit_log WHERE entity_type = 'settings' AND entity_id = $1`,
      [`cash_registers:${register.id}`],
    );
    expect(audit).toEqual({ action: 'created', data: { new: { location_id: loc, name: 'Till 2' } } });
  });
});
