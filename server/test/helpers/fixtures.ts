import type { Db } from '../../src/db/pool.ts';
import { hashPassword } from '../../src/modules/auth/password-hashing.ts';
import type { Permission } from '@nine/shared/permissions';

export async function createLocation(db: Db, name: string): Promise<number> {
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO locations (name, code, time_zone) VALUES ($1, upper($1), 'UTC') RETURNING id`,
    [name],
  );
  await db.pool.query(`INSERT INTO general_settings (location_id) VALUES ($1)`, [rows[0]!.id]);
  return rows[0]!.id;
}

/** A user holding a role with `grants` in each of `locations`. */
export async function createUser(
  db: Db,
  opts: { email: string; password?: string; grants?: Permission[]; locations: number[]; status?: string },
): Promise<number> {
  const hash = await hashPassword(opts.password ?? 'Secret-pass-1');
  const { rows } = await db.pool.query<{ id: number }>(
    `INSERT INTO users (name, email, password_hash, status) VALUES ($1, $2, $3, $4) RETURNING id`,
    [opts.email.split('@')[0], opts.email, hash, opts.status ?? 'active'],
  );
  const userId = rows[0]!.id;
  const role = await db.pool.query<{ id: number }>(`INSERT INTO roles (title) VALUES ($1) RETURNING id`, [
    `role of ${opts.email}`,
  ]);
  const roleId = role.rows[0]!.id;
  for (const g of opts.grants ?? []) {
    await db.pool.query(`INSERT INTO role_permissions (role_id, resource, action) VALUES ($1, $2, $3)`, [
      roleId,
      g.resource,
      g.action,
    ]);
  }
  for (const locationId of opts.locations) {
    await db.pool.query(`INSERT INTO user_roles (user_id, role_id, location_id) VALUES ($1, $2, $3)`, [
      userId,
      roleId,
      locationId,
    ]);
  }
  return userId;
}

export interface CatalogueFixture {
  customerId: number;
  rentProductId: number;
  bulkProductId: number;
  saleProductId: number;
  /** Serialized items of the rent product, all at the location. */
  itemIds: number[];
}

let fixtureSeq = 0;

/** A small catalogue at one location: a customer, a serialized rent product with items, bulk gear and a sale product. */
export async function createCatalogue(
  db: Db,
  locationId: number,
  opts: { items?: number; bulkStock?: number; saleStock?: number } = {},
): Promise<CatalogueFixture> {
  const n = ++fixtureSeq;
  const q = <T extends object>(sql: string, params: unknown[]) =>
    db.pool.query<T & { id: number }>(sql, params).then((r) => r.rows);
  const [customer] = await q(
    `INSERT INTO customers (first_name, last_name, email, phone) VALUES ('Ada', 'Lovelace', $1, '+1 555 0100') RETURNING id`,
    [`ada${n}-${locationId}@example.com`],
  );
  const [category] = await q(`INSERT INTO categories (name) VALUES ($1) RETURNING id`, [
    `Kayaks ${n}-${locationId}`,
  ]);
  const [rent] = await q(
    `INSERT INTO products (kind, sku, name, category_id, is_serialized, price_minor, deposit_minor) VALUES ('rent', $1, 'Sea kayak', $2, true, 4000, 15000) RETURNING id`,
    [`KAY-${n}-${locationId}`, category!.id],
  );
  const [bulk] = await q(
    `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('rent', $1, 'Life jacket', false, 500) RETURNING id`,
    [`PFD-${n}-${locationId}`],
  );
  const [sale] = await q(
    `INSERT INTO products (kind, sku, name, is_serialized, price_minor) VALUES ('sale', $1, 'Water bottle', false, 1200) RETURNING id`,
    [`BTL-${n}-${locationId}`],
  );
  await db.pool.query(
    `INSERT INTO stock_levels (product_id, location_id, quantity) VALUES ($1, $3, $4), ($2, $3, $5)`,
    [bulk!.id, sale!.id, locationId, opts.bulkStock ?? 10, opts.saleStock ?? 50],
  );
  const itemIds: number[] = [];
  for (let i = 0; i < (opts.items ?? 3); i++) {
    const [item] = await q(
      `INSERT INTO items (product_id, sku, barcode, home_location_id, current_location_id) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
      [rent!.id, `KAY-${n}-${locationId}-${i}`, `29${n}${locationId}${i}${Date.now() % 100000}`, locationId],
    );
    itemIds.push(item!.id);
  }
  return {
    customerId: customer!.id,
    rentProductId: rent!.id,
    bulkProductId: bulk!.id,
    saleProductId: sale!.id,
    itemIds,
  };
}
