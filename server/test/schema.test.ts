import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile, copyFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paths } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { TOTAL_BOUNDS, UNIQUE_RULES } from '../src/lib/db-errors.ts';
import { createLocation } from './helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('migrations', () => {
  it('applies nothing twice', async () => {
    expect(await migrate(tdb.db.pool, paths.migrations)).toEqual([]);
  });

  it('refuses a migration file changed after it was applied', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nine-migrations-'));
    for (const f of await readdir(paths.migrations)) await copyFile(join(paths.migrations, f), join(dir, f));
    await writeFile(join(dir, '0001_core.sql'), '-- edited\n', { flag: 'a' });
    await expect(migrate(tdb.db.pool, dir)).rejects.toThrow(/changed after it was applied/);
  });
});

describe('the database guards what code could forget', () => {
  it('holds every unique rule and bound that lib/db-errors.ts maps to a catalogue answer', async () => {
    // A renamed constraint would silently fall back to a generic answer: the names must exist.
    const { rows } = await tdb.db.pool.query<{ name: string }>(
      `SELECT conname AS name FROM pg_constraint UNION SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`,
    );
    const names = new Set(rows.map((r) => r.name));
    // A rule no index can hold (a zip code in one active zone of a location) is a trigger raising the
    // violation under a constraint name of its own: that name counts as existing too.
    const raised = await tdb.db.pool.query<{ src: string }>(
      `SELECT prosrc AS src FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
    );
    for (const { src } of raised.rows)
      for (const m of src.matchAll(/CONSTRAINT\s*=\s*'(\w+)'/g)) names.add(m[1]!);
    expect([...Object.keys(UNIQUE_RULES), ...TOTAL_BOUNDS].filter((n) => !names.has(n))).toEqual([]);
  });

  it('keeps the audit log append-only', async () => {
    await tdb.db.pool.query(
      `INSERT INTO audit_log (entity_type, entity_id, action) VALUES ('order', '1', 'created')`,
    );
    await expect(tdb.db.pool.query(`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow(/append-only/);
    await expect(tdb.db.pool.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    const { rows } = await tdb.db.pool.query(`SELECT action FROM audit_log`);
    expect(rows).toEqual([{ action: 'created' }]);
  });

  it('refuses a serialized item in two overlapping live rentals, and frees it when cancelled', async () => {
    const q = (sql: string, params: unknown[] = []) => tdb.db.pool.query(sql, params);
    const loc = await createLocation(tdb.db, 'Dock');
    const product = await q(
      `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', 'K-1', 'Kayak', true, 4000) RETURNING id`,
    );
    const productId = product.rows[0].id;
    const item = await q(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, 'K-1-1', '111', $2, $2) RETURNING id`,
      [productId, loc],
    );
    const itemId = item.rows[0].id;
    const order = async () =>
      (
        await q(
          `INSERT INTO orders (type, source, status, location_id) VALUES ('rent', 'walk_in', 'confirmed', $1) RETURNING id`,
          [loc],
        )
      ).rows[0].id;
    const book = async (orderId: number, from: string, to: string, status = 'confirmed') =>
      q(
        `INSERT INTO order_items (order_id, product_id, item_id, unit_price_minor, status, planned_start, planned_finish) VALUES ($1, $2, $3, 4000, $4, $5, $6) RETURNING id`,
        [orderId, productId, itemId, status, from, to],
      );

    await book(await order(), '2026-06-01T09:00Z', '2026-06-01T17:00Z');
    await expect(book(await order(), '2026-06-01T16:00Z', '2026-06-01T18:00Z')).rejects.toMatchObject({
      code: '23P01',
    });
    // Back to back is fine: ranges are half-open.
    await book(await order(), '2026-06-01T17:00Z', '2026-06-01T19:00Z');
    // A cancelled booking holds nothing.
    await book(await order(), '2026-06-02T09:00Z', '2026-06-02T17:00Z', 'cancelled');
    await book(await order(), '2026-06-02T10:00Z', '2026-06-02T12:00Z');
    const { rows } = await q(
      `SELECT count(*)::int AS n FROM order_items WHERE item_id = $1 AND status <> 'cancelled'`,
      [itemId],
    );
    expect(rows[0].n).toBe(3);
  });

  // Integral amounts are the shared schemas' job: PostgreSQL rounds 10.5 into a bigint silently.
  it('keeps invoice totals consistent and payments positive', async () => {
    const loc = await createLocation(tdb.db, 'Till');
    await expect(
      tdb.db.pool.query(
        `INSERT INTO invoices (type, location_id, subtotal_minor, discount_minor, tax_minor, total_minor) VALUES ('sale', $1, 1000, 0, 83, 1000)`,
        [loc],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      tdb.db.pool.query(
        `INSERT INTO payments (location_id, method, amount_minor) VALUES ($1, 'cash', -500)`,
        [loc],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
