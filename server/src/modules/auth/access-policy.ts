import type pg from 'pg';
import type { PasswordPolicy } from '@nine/shared/password-policy';
import type { Db } from '../../db/pool.ts';

export interface AccessPolicy {
  auto_logout_minutes: number;
  wrong_access_key_threshold: number;
  wrong_access_key_ttl_minutes: number;
  wrong_password_threshold: number;
  wrong_password_ttl_minutes: number;
  password_expiry_days: number;
  password_reuse_limit: number;
  password: PasswordPolicy;
  refund_level1_minor: number;
  refund_level2_minor: number;
}

/** The row: the policy with the password rules flattened into `password_*` columns. */
interface Row extends Omit<AccessPolicy, 'password'> {
  password_min_length: number;
  password_max_length: number;
  password_require_capital: boolean;
  password_require_number: boolean;
  password_require_special: boolean;
}

/** The business's access policy. */
export async function loadAccessPolicy(db: Db, client?: pg.PoolClient): Promise<AccessPolicy> {
  // Migration 0001 creates the one row; it always exists.
  const { rows } = await (client ?? db.pool).query<Row>('SELECT * FROM access_policy WHERE id = 1');
  const r = rows[0]!;
  return {
    auto_logout_minutes: r.auto_logout_minutes,
    wrong_access_key_threshold: r.wrong_access_key_threshold,
    wrong_access_key_ttl_minutes: r.wrong_access_key_ttl_minutes,
    wrong_password_threshold: r.wrong_password_threshold,
    wrong_password_ttl_minutes: r.wrong_password_ttl_minutes,
    password_expiry_days: r.password_expiry_days,
    password_reuse_limit: r.password_reuse_limit,
    password: {
      min_length: r.password_min_length,
      max_length: r.password_max_length,
      require_capital: r.password_require_capital,
      require_number: r.password_require_number,
      require_special: r.password_require_special,
    },
    refund_level1_minor: r.refund_level1_minor,
    refund_level2_minor: r.refund_level2_minor,
  };
}
