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
