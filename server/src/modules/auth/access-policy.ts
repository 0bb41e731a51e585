import type pg from 'pg';
import type { PasswordPolicy } from '@nine/shared/password-policy';
import type { Db } from '../../db/pool.ts';
import { one } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

type PolicyRow = Tables['access_policy'];

/** The policy row with its password rules gathered into one `password` object. */
export type AccessPolicy = Omit<PolicyRow, 'id' | 'updated_at' | `password_${keyof PasswordPolicy}`> & {
  password: PasswordPolicy;
};

/** The business's access policy. */
export async function loadAccessPolicy(db: Db, client?: pg.PoolClient): Promise<AccessPolicy> {
  // Migration 0001 creates the one row; it always exists.
  // The row holds the password rules flattened into `password_*` columns.
  const r = await one<Tables['access_policy']>(client ?? db.pool, 'SELECT * FROM access_policy WHERE id = 1');
  const {
    id: _id,
    updated_at: _updatedAt,
    password_min_length,
    password_max_length,
    password_require_capital,
    password_require_number,
    password_require_special,
    ...rest
  } = r;
  return {
    ...rest,
    password: {
      min_length: password_min_length,
      max_length: password_max_length,
      require_capital: password_require_capital,
      require_number: password_require_number,
      require_special: password_require_special,
    },
  };
}
